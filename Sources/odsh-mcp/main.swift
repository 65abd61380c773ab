import Foundation
import MCP
import ODataShell

// `odsh mcp`'s server: the Model Context Protocol over stdio, on modelcontextprotocol/swift-sdk, with the tools
// of ODataShell's AgentToolbox. stdout carries the protocol alone; notes and traces go to stderr or the trace file.

let toolbox = McpCommand.toolbox(arguments: Array(CommandLine.arguments.dropFirst()))

/// A tool as MCP lists it: the toolbox's schema (JSON text) as a value, and its four annotations.
func listed(_ tool: AgentTool) throws -> Tool {
    let schema = try JSONDecoder().decode(Value.self, from: Data(tool.inputSchema.utf8))
    return Tool(name: tool.name, title: tool.title, description: tool.description, inputSchema: schema,
                annotations: .init(title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: tool.destructive,
                                   idempotentHint: tool.idempotent, openWorldHint: tool.openWorld))
}

let tools = try toolbox.tools.map(listed)
let guideName = "odsh-guide"
let guideURI = "odsh://guide"
let server = Server(
    name: "odsh", version: toolbox.version, title: "odsh",
    instructions: "Tools over an OData service. Read the guide (prompt \(guideName), resource \(guideURI)) or call sets, then describe, then query.",
    capabilities: .init(prompts: .init(listChanged: false), resources: .init(subscribe: false, listChanged: false),
                        tools: .init(listChanged: false)))

await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: tools) }
await server.withMethodHandler(CallTool.self) { params in
    let arguments = try JSONEncoder().encode(params.arguments ?? [:])
    let answer = await toolbox.call(params.name, arguments: [UInt8](arguments))
    // A call cancelled by the client gets no answer (the SDK drops it); the request was cancelled with the task.
    try Task.checkCancellation()
    return CallTool.Result(content: [.text(text: answer.text, annotations: nil, _meta: nil)], isError: answer.isError)
}
await server.withMethodHandler(ListPrompts.self) { _ in
    ListPrompts.Result(prompts: [Prompt(name: guideName, title: "How to use odsh's tools",
                                        description: "How to use the tools and the statement language, with examples from this service.")])
}
await server.withMethodHandler(GetPrompt.self) { params in
    guard params.name == guideName else { throw MCPError.invalidParams("no prompt named \(params.name); the one prompt is \(guideName)") }
    return GetPrompt.Result(description: "How to use odsh's tools", messages: [.user(.text(text: toolbox.guide))])
}
await server.withMethodHandler(ListResources.self) { _ in
    ListResources.Result(resources: [Resource(name: guideName, uri: guideURI, title: "How to use odsh's tools", mimeType: "text/markdown")])
}
await server.withMethodHandler(ReadResource.self) { params in
    guard params.uri == guideURI else { throw MCPError.invalidParams("no resource \(params.uri); the one resource is \(guideURI)") }
    return ReadResource.Result(contents: [.text(toolbox.guide, uri: guideURI, mimeType: "text/markdown")])
}

try await server.start(transport: DrainingTransport(StdioTransport()))
await server.waitUntilCompleted()
toolbox.close()
