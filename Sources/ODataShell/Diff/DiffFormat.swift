import ArgumentParser

/// `odsh diff --format`.
enum DiffFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, markdown, junit
}
