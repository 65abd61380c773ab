// The umbrella module: `import OData` gives a program the three library floors with one import, for those who want
// the whole dynamic API; the floors stay products of their own for those who want less.
@_exported import ODataClient
@_exported import ODataModel
@_exported import ODataQuery
