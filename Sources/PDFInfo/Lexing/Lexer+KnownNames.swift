/// The names that the structures a reader visits use most (trailer, xref and object streams,
/// catalog, page tree root, Info), as string literals. A name read from the file that spells one
/// becomes the literal, which needs no UTF-8 validation and, past 15 bytes, no heap allocation;
/// any other name is decoded as before, to an equal string.
extension Lexer {
    /// The literal that `word` (a plain ASCII name, without its `/`) spells, when it is a known name.
    static func knownName(_ word: UnsafeBufferPointer<UInt8>) -> String? {
        guard let first = word.first else { return nil }
        switch (word.count, first) {
        case (1, UInt8(ascii: "N")): return "N"
        case (1, UInt8(ascii: "W")): return "W"
        case (2, UInt8(ascii: "I")): return spells(word, "ID") ? "ID" : nil
        case (3, UInt8(ascii: "P")): return spells(word, "PDF") ? "PDF" : nil
        case (4, UInt8(ascii: "T")): return spells(word, "Type") ? "Type" : spells(word, "Text") ? "Text" : nil
        case (4, UInt8(ascii: "R")): return spells(word, "Root") ? "Root" : nil
        case (4, UInt8(ascii: "I")): return spells(word, "Info") ? "Info" : nil
        case (4, UInt8(ascii: "S")): return spells(word, "Size") ? "Size" : nil
        case (4, UInt8(ascii: "P")): return spells(word, "Prev") ? "Prev" : spells(word, "Page") ? "Page" : nil
        case (4, UInt8(ascii: "K")): return spells(word, "Kids") ? "Kids" : nil
        case (4, UInt8(ascii: "X")): return spells(word, "XRef") ? "XRef" : nil
        case (4, UInt8(ascii: "F")): return spells(word, "Font") ? "Font" : nil
        case (4, UInt8(ascii: "L")): return spells(word, "Lang") ? "Lang" : nil
        case (5, UInt8(ascii: "I")): return spells(word, "Index") ? "Index" : nil
        case (5, UInt8(ascii: "P")): return spells(word, "Pages") ? "Pages" : nil
        case (5, UInt8(ascii: "C")): return spells(word, "Count") ? "Count" : nil
        case (5, UInt8(ascii: "F")): return spells(word, "First") ? "First" : nil
        case (5, UInt8(ascii: "T")): return spells(word, "Title") ? "Title" : nil
        case (5, UInt8(ascii: "N")): return spells(word, "Names") ? "Names" : nil
        case (6, UInt8(ascii: "L")): return spells(word, "Length") ? "Length" : nil
        case (6, UInt8(ascii: "F")): return spells(word, "Filter") ? "Filter" : nil
        case (6, UInt8(ascii: "O")): return spells(word, "ObjStm") ? "ObjStm" : nil
        case (6, UInt8(ascii: "P")): return spells(word, "Parent") ? "Parent" : nil
        case (6, UInt8(ascii: "A")): return spells(word, "Author") ? "Author" : nil
        case (7, UInt8(ascii: "C")):
            return spells(word, "Catalog") ? "Catalog" : spells(word, "Columns") ? "Columns" : spells(word, "Creator") ? "Creator" : nil
        case (7, UInt8(ascii: "S")): return spells(word, "Subject") ? "Subject" : nil
        case (7, UInt8(ascii: "M")): return spells(word, "ModDate") ? "ModDate" : nil
        case (7, UInt8(ascii: "T")): return spells(word, "Trapped") ? "Trapped" : nil
        case (7, UInt8(ascii: "X")): return spells(word, "XRefStm") ? "XRefStm" : nil
        case (7, UInt8(ascii: "E")): return spells(word, "Encrypt") ? "Encrypt" : nil
        case (8, UInt8(ascii: "M")):
            return spells(word, "MediaBox") ? "MediaBox" : spells(word, "Metadata") ? "Metadata" : spells(word, "MarkInfo") ? "MarkInfo" : nil
        case (8, UInt8(ascii: "K")): return spells(word, "Keywords") ? "Keywords" : nil
        case (8, UInt8(ascii: "P")): return spells(word, "Producer") ? "Producer" : spells(word, "PageMode") ? "PageMode" : nil
        case (8, UInt8(ascii: "O")): return spells(word, "Outlines") ? "Outlines" : nil
        case (8, UInt8(ascii: "A")): return spells(word, "AcroForm") ? "AcroForm" : nil
        case (9, UInt8(ascii: "P")): return spells(word, "Predictor") ? "Predictor" : nil
        case (9, UInt8(ascii: "R")): return spells(word, "Resources") ? "Resources" : nil
        case (10, UInt8(ascii: "P")): return spells(word, "PageLayout") ? "PageLayout" : nil
        case (10, UInt8(ascii: "O")): return spells(word, "OpenAction") ? "OpenAction" : nil
        case (11, UInt8(ascii: "D")): return spells(word, "DecodeParms") ? "DecodeParms" : nil
        case (11, UInt8(ascii: "F")): return spells(word, "FlateDecode") ? "FlateDecode" : nil
        case (12, UInt8(ascii: "C")): return spells(word, "CreationDate") ? "CreationDate" : nil
        case (14, UInt8(ascii: "S")): return spells(word, "StructTreeRoot") ? "StructTreeRoot" : nil
        case (17, UInt8(ascii: "V")): return spells(word, "ViewerPreferences") ? "ViewerPreferences" : nil
        default: return nil
        }
    }
}
