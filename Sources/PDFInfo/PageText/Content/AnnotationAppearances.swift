/// Draws the normal appearances of a page's annotations (ISO 32000-1 §12.5.5): form fields,
/// free text, stamps and signatures show their text through them, and viewers (and poppler's
/// `pdftotext`) read it with the page's.
enum AnnotationAppearances {
    static let maxAnnotations = 1000

    /// Runs each visible annotation's /AP /N appearance (the /AS state's, for one with
    /// states) on `interpreter`, mapped onto the annotation's /Rect.
    static func draw(_ page: PageObject, on interpreter: ContentInterpreter, work: PageTextWork) {
        let annotations = work.resolve(page.dictionary["Annots"]).arrayValue ?? []
        for item in annotations.prefix(maxAnnotations) where !work.isExhausted {
            guard let annotation = work.resolve(item).dictionaryValue else { continue }
            // Hidden (bit 2) and NoView (bit 6) annotations are not shown (§12.5.3).
            let flags = work.resolve(annotation["F"]).integerValue ?? 0
            guard flags & 2 == 0, flags & 32 == 0,
                  let appearance = work.resolve(annotation["AP"]).dictionaryValue?["N"] else { continue }
            var form = appearance
            if work.stream(appearance) == nil, let states = work.resolve(appearance).dictionaryValue {
                guard let state = work.resolve(annotation["AS"]).nameValue, let chosen = states[state] else { continue }
                form = chosen
            }
            guard let ref = form.referenceValue, let stream = work.stream(form),
                  let rect = work.rectangle(annotation["Rect"]),
                  let box = work.rectangle(stream.dictionary["BBox"]) else { continue }
            let matrix = ContentInterpreter.formMatrix(stream, work: work) ?? .identity
            // The box as the form's matrix turns it, fitted to the annotation's rectangle (Algorithm 8.1).
            let corners = [matrix.apply(box.0, box.1), matrix.apply(box.2, box.1), matrix.apply(box.0, box.3), matrix.apply(box.2, box.3)]
            let (minX, maxX) = (corners.map(\.x).min()!, corners.map(\.x).max()!)
            let (minY, maxY) = (corners.map(\.y).min()!, corners.map(\.y).max()!)
            guard maxX > minX, maxY > minY else { continue }
            let scaleX = (rect.2 - rect.0) / (maxX - minX)
            let scaleY = (rect.3 - rect.1) / (maxY - minY)
            let fit = Matrix(a: scaleX, b: 0, c: 0, d: scaleY, e: rect.0 - minX * scaleX, f: rect.1 - minY * scaleY)
            guard fit.isFinite else { continue }
            interpreter.runForm(stream, number: ref.number, resources: nil, state: GraphicsState(ctm: fit), depth: 0)
        }
    }

}
