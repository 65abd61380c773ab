extension DataService {
    /// SAP's `traceRequests`: trace each exchange (method, URL, status, time, size) to `HTTPConfiguration.traceSink`.
    /// Turning it off turns off `traceWithData` and `prettyTracing` too, which need it.
    public var traceRequests: Bool {
        get { client.configuration.isTracing }
        set { setTracing(requests: newValue, withData: newValue && traceWithData, pretty: newValue && prettyTracing) }
    }

    /// SAP's `traceWithData`: trace headers and bodies as well. Turning it on turns on `traceRequests`; turning it
    /// off turns off `prettyTracing`.
    public var traceWithData: Bool {
        get { client.configuration.traceWithData }
        set { setTracing(requests: traceRequests || newValue, withData: newValue, pretty: newValue && prettyTracing) }
    }

    /// SAP's `prettyTracing`: indent JSON and XML bodies in the trace. Turning it on turns on `traceWithData`
    /// (there is nothing to indent without the bodies).
    public var prettyTracing: Bool {
        get { client.configuration.prettyTracing }
        set { setTracing(requests: traceRequests || newValue, withData: traceWithData || newValue, pretty: newValue) }
    }

    private func setTracing(requests: Bool, withData: Bool, pretty: Bool) {
        client.setTracing(requests: requests, withData: withData, pretty: pretty)
    }
}
