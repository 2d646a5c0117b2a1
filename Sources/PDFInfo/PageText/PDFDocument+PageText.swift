import MetadataModel

extension PDFDocument {
    /// The text printed on a page (ISO 32000-1 §8–9): its lines top to bottom, each with its
    /// font size and position on the page as displayed (`PageTextLine`).
    ///
    /// Nothing is read until this is called: the page's content streams, its forms and the
    /// fonts they use, within `limits`. Damage and limits do not throw: the lines read are
    /// returned with `PageText.notes` saying what was missed; a page that shows no text (a
    /// scan) has a `.noText` note.
    /// - Parameters:
    ///   - index: the page, 0-based.
    ///   - limits: the work the page may cost.
    /// - Throws: `PDFError` when the document has no such page, or is encrypted and could
    ///   not be opened.
    public func pageText(at index: Int = 0, limits: PageTextLimits = .standard) throws(PDFError) -> PageText {
        if let securityError { throw securityError }
        guard let page = try page(at: index) else {
            throw PDFError(.malformed, "the document has no page \(index + 1)", path: path)
        }
        let work = PageTextWork(document: self, limits: limits)
        let box = PageBox(page: page, work: work)
        let interpreter = ContentInterpreter(work: work, displayMatrix: box.displayMatrix, pageWidth: box.width, pageHeight: box.height)
        let resources = work.resolve(page.resources).dictionaryValue
        interpreter.run(contents(of: page, work: work), resources: resources, state: GraphicsState(ctm: .identity))
        AnnotationAppearances.draw(page, on: interpreter, work: work)
        let lines = LineBuilder.lines(from: interpreter.glyphs)
        return PageText(lines: lines, width: box.width, height: box.height, notes: notes(lines: lines, work: work))
    }

    /// The page's content streams, decoded and joined (§7.7.3.3: an array's streams form one
    /// stream; a line break keeps tokens at their ends apart).
    private func contents(of page: PageObject, work: PageTextWork) -> [UInt8] {
        var parts: [PDFObject] = []
        switch page.dictionary["Contents"] {
        case .reference(let ref)?:
            if case .stream? = try? object(ref) { parts = [.reference(ref)] } else { parts = work.resolve(.reference(ref)).arrayValue ?? [] }
        case .array(let items)?:
            parts = items
        default:
            break
        }
        var content: [UInt8] = []
        for part in parts {
            guard let stream = work.stream(part), let data = work.decodedData(of: stream) else { continue }
            if content.isEmpty {
                content = data
            } else {
                content.append(0x0A)
                content += data
            }
        }
        return content
    }

    private func notes(lines: [PageTextLine], work: PageTextWork) -> [PageTextNote] {
        var notes: [PageTextNote] = []
        if lines.isEmpty, !work.isExhausted { notes.append(.noText(images: work.images)) }
        if let budget = work.exhausted { notes.append(.budgetExhausted(budget)) }
        if work.formsTooDeep { notes.append(.budgetExhausted(.formDepth)) }
        notes += work.problems.map(PageTextNote.unreadableContent)
        if work.glyphsWithoutText > 0 { notes.append(.glyphsWithoutText(count: work.glyphsWithoutText)) }
        return notes
    }
}
