/// Whether a document is signed or certified (ISO 32000-1 §12.8; pdf-notes §7).
public struct SignatureState: Sendable, Hashable, Codable {
    /// AcroForm /SigFlags bits 1–2 (SignaturesExist, AppendOnly) or a signed /FT /Sig field.
    public var isSigned: Bool
    /// The certification signature's DocMDP /P (1 no changes, 2 forms, 3 annotations), if certified.
    public var docMDPPermission: Int?
    /// Root /Perms /UR3 (usage rights) present.
    public var hasUsageRights: Bool

    /// Not signed, not certified.
    public static let unsigned = SignatureState(isSigned: false, docMDPPermission: nil, hasUsageRights: false)
}

extension PDFDocument {
    static let maxSignatureFields = 10_000

    /// Signature and certification facts from the catalog.
    public func signatureState() throws(PDFError) -> SignatureState {
        guard let catalog else { return .unsigned }
        var state = SignatureState.unsigned
        if let form = try resolve(catalog["AcroForm"]).dictionaryValue {
            if let flags = try resolve(form["SigFlags"]).integerValue, flags & 3 != 0 { state.isSigned = true }
            if !state.isSigned, let fields = try resolve(form["Fields"]).arrayValue {
                for field in fields.prefix(Self.maxSignatureFields) {
                    let dictionary = try resolve(field).dictionaryValue
                    if dictionary?["FT"]?.nameValue == "Sig" && dictionary?["V"] != nil {
                        state.isSigned = true
                        break
                    }
                }
            }
        }
        if let perms = try resolve(catalog["Perms"]).dictionaryValue {
            state.hasUsageRights = perms["UR3"] != nil || perms["UR"] != nil
            if let signature = try resolve(perms["DocMDP"]).dictionaryValue {
                state.isSigned = true
                state.docMDPPermission = 2
                for reference in try resolve(signature["Reference"]).arrayValue ?? [] {
                    let entry = try resolve(reference).dictionaryValue
                    guard entry?["TransformMethod"]?.nameValue == "DocMDP" else { continue }
                    let params = try resolve(entry?["TransformParams"]).dictionaryValue
                    state.docMDPPermission = params?["P"]?.integerValue ?? 2
                }
            }
        }
        return state
    }
}
