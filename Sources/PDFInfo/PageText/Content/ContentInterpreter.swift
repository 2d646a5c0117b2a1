/// Runs a page's content streams (ISO 32000-1 §8, §9) for the text they show: the graphics
/// state's CTM (`q`, `Q`, `cm`), the text objects and their operators (§9.4), form XObjects
/// (§8.10) and the fonts, placing each glyph on the displayed page. Nothing is drawn; paths,
/// colours and images are passed over (images are counted, to tell a scanned page).
final class ContentInterpreter {
    private let work: PageTextWork
    /// Default user space to display space: the page box's top-left corner as displayed at
    /// the origin, y downward (after /Rotate).
    private let displayMatrix: Matrix
    private let pageWidth: Double
    private let pageHeight: Double
    /// The glyphs with text, in the order shown.
    private(set) var glyphs: [PlacedGlyph] = []
    private var fonts: [FontKey: TextFont] = [:]
    /// The forms being drawn, by object number: a form that draws itself is drawn once.
    private var formsInProgress: [Int] = []
    private var formData: [Int: [UInt8]] = [:]
    /// The marked-content sequences open (§14.6), innermost last: for each, the replacement
    /// text it gives its glyphs (/ActualText, §14.9.4) and where its glyphs start; nil for the others.
    private var markedContent: [(text: String, firstGlyph: Int)?] = []
    /// Room reserved for the glyphs: a title page shows a few hundred, and growing the array
    /// from empty copies them several times.
    static let initialGlyphCapacity = 256
    static let maxSavedStates = 256
    static let maxMarkedContentDepth = 256

    private enum FontKey: Hashable {
        case object(Int)
        case direct(PDFDictionary)
    }

    init(work: PageTextWork, displayMatrix: Matrix, pageWidth: Double, pageHeight: Double) {
        self.work = work
        self.displayMatrix = displayMatrix
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        glyphs.reserveCapacity(Self.initialGlyphCapacity)
    }

    /// Runs `content` with `resources`, starting from `state`; `depth` counts the forms it is in.
    func run(_ content: [UInt8], resources: PDFDictionary?, state initial: GraphicsState, depth: Int = 0) {
        var reader = ContentStreamReader(content)
        var state = initial
        var saved: [GraphicsState] = []
        var textMatrix = Matrix.identity
        var lineMatrix = Matrix.identity
        var tokensCounted = 0
        while !work.isExhausted {
            let next: Keyword?
            do {
                next = try reader.nextOperator()
            } catch {
                work.note("content stream: \(error.message)")
                return
            }
            guard work.spendOperations(reader.tokens - tokensCounted) else { return }
            tokensCounted = reader.tokens
            guard let word = next else { return }
            let operands = reader.operands
            let op = ContentOperator(word)
            switch op {
            case .save:
                if saved.count < Self.maxSavedStates { saved.append(state) }
            case .restore:
                if let restored = saved.popLast() { state = restored }
            case .concatenate:
                if let matrix = Matrix(operands), matrix.isFinite { state.ctm = matrix.then(state.ctm) }
            case .beginText:
                textMatrix = .identity
                lineMatrix = .identity
            case .font:
                guard operands.count == 2, let name = operands[0].nameValue, let size = operands[1].numberValue else { break }
                state.font = font(named: name, in: resources)
                state.fontSize = size
            case .move, .moveSettingLeading:
                guard operands.count == 2, let tx = operands[0].numberValue, let ty = operands[1].numberValue else { break }
                if op == .moveSettingLeading { state.leading = -ty }
                lineMatrix = Matrix.translation(tx, ty).then(lineMatrix)
                textMatrix = lineMatrix
            case .textMatrix:
                guard let matrix = Matrix(operands), matrix.isFinite else { break }
                lineMatrix = matrix
                textMatrix = matrix
            case .nextLine:
                lineMatrix = Matrix.translation(0, -state.leading).then(lineMatrix)
                textMatrix = lineMatrix
            case .leading: if let value = operands.first?.numberValue { state.leading = value }
            case .characterSpacing: if let value = operands.first?.numberValue { state.characterSpacing = value }
            case .wordSpacing: if let value = operands.first?.numberValue { state.wordSpacing = value }
            case .horizontalScaling: if let value = operands.first?.numberValue { state.horizontalScaling = value / 100 }
            case .rise: if let value = operands.first?.numberValue { state.rise = value }
            case .show:
                if let bytes = operands.first?.stringBytes { show(bytes, state: state, textMatrix: &textMatrix) }
            case .nextLineShow:
                lineMatrix = Matrix.translation(0, -state.leading).then(lineMatrix)
                textMatrix = lineMatrix
                if let bytes = operands.first?.stringBytes { show(bytes, state: state, textMatrix: &textMatrix) }
            case .spacedNextLineShow:
                guard operands.count == 3, let wordSpacing = operands[0].numberValue,
                      let characterSpacing = operands[1].numberValue, let bytes = operands[2].stringBytes else { break }
                state.wordSpacing = wordSpacing
                state.characterSpacing = characterSpacing
                lineMatrix = Matrix.translation(0, -state.leading).then(lineMatrix)
                textMatrix = lineMatrix
                show(bytes, state: state, textMatrix: &textMatrix)
            case .showArray:
                for item in operands.first?.arrayValue ?? [] {
                    if let bytes = item.stringBytes {
                        show(bytes, state: state, textMatrix: &textMatrix)
                    } else if let adjustment = item.numberValue {
                        let shift = -adjustment / 1000 * state.fontSize
                        let isVertical = state.font?.isVertical ?? false
                        textMatrix = Matrix.translation(isVertical ? 0 : shift * state.horizontalScaling, isVertical ? shift : 0).then(textMatrix)
                    }
                }
            case .extGState:
                applyExtGState(operands.first?.nameValue, resources: resources, state: &state)
            case .xObject:
                if let name = operands.first?.nameValue { drawXObject(named: name, resources: resources, state: state, depth: depth) }
            case .inlineImage:
                work.images += 1
            case .beginMarkedContent:
                beginMarkedContent(nil)
            case .beginMarkedContentWithProperties:
                beginMarkedContent(actualText(operands.last, resources: resources))
            case .endMarkedContent:
                endMarkedContent()
            default:
                break
            }
        }
    }

    // MARK: Text

    /// Shows the string `bytes` (§9.4.4): places each glyph and moves the text matrix past it.
    private func show(_ bytes: [UInt8], state: GraphicsState, textMatrix: inout Matrix) {
        guard let font = state.font else { return }
        let toDisplay = state.ctm.then(displayMatrix)
        let fontSize = state.fontSize
        let scaling = state.horizontalScaling
        var stopped = false
        font.forEachGlyph(in: bytes) { glyph in
            guard !stopped else { return }
            guard work.spendGlyph() else {
                stopped = true
                return
            }
            let renderingMatrix = textMatrix.then(toDisplay)
            let advance: (x: Double, y: Double)
            let spacing = state.characterSpacing + (glyph.isWordSpace ? state.wordSpacing : 0)
            if font.isVertical {
                advance = (0, glyph.verticalAdvance * fontSize + spacing)
            } else {
                advance = ((glyph.width * fontSize + spacing) * scaling, 0)
            }
            if let text = glyph.text, !text.isEmpty {
                // The glyph covers its width; character and word spacing are gaps after it (as poppler measures).
                let extent = font.isVertical ? (0, glyph.verticalAdvance * fontSize) : (glyph.width * fontSize * scaling, 0)
                place(text, isSpace: glyph.isSpace, renderingMatrix: renderingMatrix, extent: extent, state: state, font: font)
            } else {
                work.glyphsWithoutText += 1
            }
            textMatrix = Matrix.translation(advance.x, advance.y).then(textMatrix)
        }
    }

    /// Records a glyph showing `text` at the text-space origin of `renderingMatrix` (text space
    /// to display space), `extent` long in text space, when it lies on the page; `isSpace`
    /// when the text is only whitespace.
    private func place(_ text: String, isSpace: Bool, renderingMatrix: Matrix, extent: (x: Double, y: Double), state: GraphicsState, font: TextFont) {
        let origin = renderingMatrix.apply(0, state.rise)
        let end = renderingMatrix.apply(extent.x, extent.y + state.rise)
        let up = renderingMatrix.applyToVector(0, state.fontSize)
        let size = (up.x * up.x + up.y * up.y).squareRoot() * font.sizeScale
        // The baseline's direction: the way glyphs advance, the text space x axis (its y axis,
        // turned, for vertical writing), reversed by a negative font size or horizontal scaling.
        let sign: Double = state.fontSize * (font.isVertical ? 1 : state.horizontalScaling) < 0 ? -1 : 1
        var direction = renderingMatrix.applyToVector(sign, 0)
        if font.isVertical { direction = renderingMatrix.applyToVector(0, -sign) }
        let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
        guard origin.x.isFinite, origin.y.isFinite, end.x.isFinite, end.y.isFinite, size.isFinite, length > 0, length.isFinite else { return }
        // Off the page (poppler drops these too): no corner of the glyph's box on the page.
        let (left, right) = Self.bounds(origin.x, end.x, origin.x + up.x, end.x + up.x)
        let (top, bottom) = Self.bounds(origin.y, end.y, origin.y + up.y, end.y + up.y)
        guard right > 0, left < pageWidth, bottom > 0, top < pageHeight else { return }
        let advanceLength = ((end.x - origin.x) * direction.x + (end.y - origin.y) * direction.y) / length
        glyphs.append(PlacedGlyph(
            text: text, x: origin.x, y: origin.y, directionX: direction.x / length, directionY: direction.y / length,
            advance: advanceLength, size: size, isSpace: isSpace))
    }

    /// The least and the greatest of four coordinates (of a glyph box's corners).
    private static func bounds(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> (Double, Double) {
        (min(min(a, b), min(c, d)), max(max(a, b), max(c, d)))
    }

    /// The font resource `name` in `resources`, loaded once per page.
    private func font(named name: PDFName, in resources: PDFDictionary?) -> TextFont? {
        let entry = work.resolve(resources?["Font"]).dictionaryValue?[name]
        return font(entry)
    }

    private func font(_ entry: PDFObject?) -> TextFont? {
        guard let entry else { return nil }
        let key: FontKey
        if let ref = entry.referenceValue {
            key = .object(ref.number)
        } else if let dictionary = entry.dictionaryValue {
            key = .direct(dictionary)
        } else {
            return nil
        }
        if let loaded = fonts[key] { return loaded }
        guard let dictionary = work.resolve(entry).dictionaryValue else { return nil }
        let loaded = FontLoader.load(dictionary, work: work)
        fonts[key] = loaded
        return loaded
    }

    /// `gs` with an ExtGState that sets /Font [font size] (§8.4.5).
    private func applyExtGState(_ name: PDFName?, resources: PDFDictionary?, state: inout GraphicsState) {
        guard let name, let parameters = work.resolve(work.resolve(resources?["ExtGState"]).dictionaryValue?[name]).dictionaryValue,
              let setting = work.resolve(parameters["Font"]).arrayValue, setting.count == 2,
              let size = work.resolve(setting[1]).numberValue else { return }
        state.font = font(setting[0])
        state.fontSize = size
    }

    // MARK: Marked content

    /// The /ActualText of a BDC's properties: an inline dictionary, or a name in the
    /// resources' /Properties.
    private func actualText(_ properties: PDFObject?, resources: PDFDictionary?) -> String? {
        var dictionary = properties?.dictionaryValue
        if let name = properties?.nameValue {
            dictionary = work.resolve(work.resolve(resources?["Properties"]).dictionaryValue?[name]).dictionaryValue
        }
        guard let bytes = work.resolve(dictionary?["ActualText"]).stringBytes else { return nil }
        return PDFTextString.decode(bytes)
    }

    private func beginMarkedContent(_ actualText: String?) {
        guard markedContent.count < Self.maxMarkedContentDepth else { return }
        // Only the outermost replacement counts, as in poppler.
        let replacing = markedContent.contains { $0 != nil }
        markedContent.append(actualText.flatMap { replacing ? nil : ($0, glyphs.count) })
    }

    /// Closes a marked-content sequence; one with /ActualText replaces the glyphs shown in
    /// it by its text, spread evenly along where they were (nothing when it showed none).
    private func endMarkedContent() {
        guard let last = markedContent.popLast(), let (text, first) = last, first < glyphs.count else { return }
        let shown = glyphs[first...]
        let start = shown.first!
        let span = shown.map { ($0.x - start.x) * start.directionX + ($0.y - start.y) * start.directionY + $0.advance }.max() ?? 0
        let size = shown.map(\.size).max() ?? start.size
        let characters = Array(PrintedText.printable(text))
        glyphs.removeSubrange(first...)
        let step = characters.isEmpty ? 0 : span / Double(characters.count)
        for (index, character) in characters.enumerated() {
            let offset = Double(index) * step
            glyphs.append(PlacedGlyph(
                text: String(character), x: start.x + offset * start.directionX, y: start.y + offset * start.directionY,
                directionX: start.directionX, directionY: start.directionY, advance: step, size: size,
                isSpace: character.unicodeScalars.allSatisfy(PrintedText.isWhitespace)))
        }
    }

    // MARK: XObjects

    /// `Do` (§8.8): a form is run with its /Matrix and /Resources (its parent's when it has
    /// none, §7.8.3); an image is counted.
    private func drawXObject(named name: PDFName, resources: PDFDictionary?, state: GraphicsState, depth: Int) {
        guard let entry = work.resolve(resources?["XObject"]).dictionaryValue?[name],
              let ref = entry.referenceValue, let stream = work.stream(entry) else { return }
        switch work.resolve(stream.dictionary["Subtype"]).nameValue?.string {
        case "Image":
            work.images += 1
        case "Form":
            runForm(stream, number: ref.number, resources: resources, state: state, depth: depth)
        default:
            break
        }
    }

    /// Runs the form XObject `stream` (object `number`) as `Do` would from `state`: its
    /// /Matrix applied, its /Resources (else `resources`) in force (§8.10.1). A form already
    /// being drawn is skipped; past `maxFormDepth`, forms are left undrawn.
    func runForm(_ stream: PDFStream, number: Int, resources: PDFDictionary?, state: GraphicsState, depth: Int) {
        guard !formsInProgress.contains(number) else { return }
        guard depth < work.limits.maxFormDepth else {
            work.noteFormDepth()
            return
        }
        let data: [UInt8]
        if let cached = formData[number] {
            data = cached
        } else {
            guard let decoded = work.decodedData(of: stream) else { return }
            data = decoded
            formData[number] = decoded
        }
        var formState = state
        if let matrix = Self.formMatrix(stream, work: work) { formState.ctm = matrix.then(state.ctm) }
        let formResources = work.resolve(stream.dictionary["Resources"]).dictionaryValue ?? resources
        formsInProgress.append(number)
        run(data, resources: formResources, state: formState, depth: depth + 1)
        formsInProgress.removeLast()
    }

    /// A form's /Matrix, when it has a usable one.
    static func formMatrix(_ stream: PDFStream, work: PageTextWork) -> Matrix? {
        let items = work.resolve(stream.dictionary["Matrix"]).arrayValue?.map { work.resolve($0) } ?? []
        guard let matrix = Matrix(items), matrix.isFinite else { return nil }
        return matrix
    }
}
