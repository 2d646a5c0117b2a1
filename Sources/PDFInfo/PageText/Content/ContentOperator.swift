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

    /// The operator spelled `word`, told by its bytes: most operators of a page are path and
    /// colour operators, which a `switch` over the spellings would compare with every case,
    /// and a switch over its bytes, read as one number (`Keyword.packed`), tells them at once.
    init(_ word: Keyword) {
        switch word.packed {
        case 0x71: self = .save  // q
        case 0x51: self = .restore  // Q
        case 0x636D: self = .concatenate  // cm
        case 0x4254: self = .beginText  // BT
        case 0x5466: self = .font  // Tf
        case 0x5464: self = .move  // Td
        case 0x5444: self = .moveSettingLeading  // TD
        case 0x546D: self = .textMatrix  // Tm
        case 0x542A: self = .nextLine  // T*
        case 0x544C: self = .leading  // TL
        case 0x5463: self = .characterSpacing  // Tc
        case 0x5477: self = .wordSpacing  // Tw
        case 0x547A: self = .horizontalScaling  // Tz
        case 0x5473: self = .rise  // Ts
        case 0x546A: self = .show  // Tj
        case 0x27: self = .nextLineShow  // '
        case 0x22: self = .spacedNextLineShow  // "
        case 0x544A: self = .showArray  // TJ
        case 0x6773: self = .extGState  // gs
        case 0x446F: self = .xObject  // Do
        case 0x4249: self = .inlineImage  // BI
        case 0x424D43: self = .beginMarkedContent  // BMC
        case 0x424443: self = .beginMarkedContentWithProperties  // BDC
        case 0x454D43: self = .endMarkedContent  // EMC
        default: self = .other
        }
    }
}
