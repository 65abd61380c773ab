/// What a member name is, decided from its bytes.
enum MemberKind {
    case slot(Int)
    case annotation(ControlName)
    case propertyAnnotation(String, ControlName)
    case v2Metadata
    case v2Other
    case dynamic(String)
}
