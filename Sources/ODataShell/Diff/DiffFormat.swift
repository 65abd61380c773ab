
/// `odsh diff --format`.
enum DiffFormat: String, CaseIterable {
    case text, json, markdown, junit
}
