/// The visible area of a page and how it is turned (ISO 32000-1 §7.7.3.3, §14.11.2): the crop
/// box (within the media box; US Letter when neither is usable) and /Rotate, and the matrix
/// from default user space to display space, whose origin is the top-left corner of the page
/// as displayed and whose y axis points down.
struct PageBox {
    let width: Double
    let height: Double
    let displayMatrix: Matrix

    init(page: PageObject, work: PageTextWork) {
        let media = Self.area(work.rectangle(page.mediaBox)) ?? (0, 0, 612, 792)
        var box = media
        if let crop = Self.area(work.rectangle(page.cropBox)) {
            let clipped = (max(crop.0, media.0), max(crop.1, media.1), min(crop.2, media.2), min(crop.3, media.3))
            if clipped.2 > clipped.0, clipped.3 > clipped.1 { box = clipped }
        }
        let (left, bottom, right, top) = box
        let rotate = ((work.resolve(page.rotate).integerValue ?? 0) % 360 + 360) % 360
        switch rotate {
        case 90:
            (width, height) = (top - bottom, right - left)
            displayMatrix = Matrix(a: 0, b: 1, c: 1, d: 0, e: -bottom, f: -left)
        case 180:
            (width, height) = (right - left, top - bottom)
            displayMatrix = Matrix(a: -1, b: 0, c: 0, d: 1, e: right, f: -bottom)
        case 270:
            (width, height) = (top - bottom, right - left)
            displayMatrix = Matrix(a: 0, b: -1, c: -1, d: 0, e: top, f: right)
        default:
            (width, height) = (right - left, top - bottom)
            displayMatrix = Matrix(a: 1, b: 0, c: 0, d: -1, e: -left, f: top)
        }
    }

    /// `rectangle` when it has an area.
    private static func area(_ rectangle: (Double, Double, Double, Double)?) -> (Double, Double, Double, Double)? {
        guard let rectangle, rectangle.2 > rectangle.0, rectangle.3 > rectangle.1 else { return nil }
        return rectangle
    }
}
