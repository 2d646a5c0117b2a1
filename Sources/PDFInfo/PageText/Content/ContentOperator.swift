/// The content stream operators the text reader acts on (ISO 32000-1 Annex A, Table A.1);
/// every other operator (paths, colours, shading, …) is `.other` and passed over.
enum ContentOperator {
    case save, restore, concatenate
    case beginText, font, move, moveSettingLeading, textMatrix, nextLine
    case leading, characterSpacing, wordSpacing, horizontalScaling, rise
    case show, nextLineShow, spacedNextLineShow, showArray
    case extGState, xObject, inlineImage
    case beginMarkedContent, beginMarkedContentWithProperties, endMarkedContent
    case other

    /// The operator spelled `word`. Found by one hash lookup: most operators of a page are
    /// path and colour operators, which a `switch` over the spellings would compare with every case.
    init(_ word: String) {
        self = Self.spellings[word] ?? .other
    }

    private static let spellings: [String: ContentOperator] = [
        "q": .save, "Q": .restore, "cm": .concatenate,
        "BT": .beginText, "Tf": .font, "Td": .move, "TD": .moveSettingLeading, "Tm": .textMatrix, "T*": .nextLine,
        "TL": .leading, "Tc": .characterSpacing, "Tw": .wordSpacing, "Tz": .horizontalScaling, "Ts": .rise,
        "Tj": .show, "'": .nextLineShow, "\"": .spacedNextLineShow, "TJ": .showArray,
        "gs": .extGState, "Do": .xObject, "BI": .inlineImage,
        "BMC": .beginMarkedContent, "BDC": .beginMarkedContentWithProperties, "EMC": .endMarkedContent,
    ]
}
