/// Batch responses captured from the reference servers with curl on 2026-11-22 (see ../shared/refsrv), byte for byte:
/// CR LF written as `\r` at the end of a line.
enum PayloadBatchCaptures {
    /// odatapy 5.3.0 /catalog/$batch (start-v4.sh): a GET, a change set with a POST (Content-ID 1), a GET of a missing entity.
    static let odatapyV4MultipartContentType = "multipart/mixed; boundary=batchresponse_b4e9bed5c6ab4854acb11a9512efbf4d"
    static let odatapyV4Multipart = """
    --batchresponse_b4e9bed5c6ab4854acb11a9512efbf4d\r
    Content-Type: application/http\r
    Content-Transfer-Encoding: binary\r
    \r
    HTTP/1.1 200 OK\r
    Content-Type: application/json;odata.metadata=minimal\r
    ETag: W/"1"\r
    OData-Version: 4.01\r
    Content-Length: 283\r
    \r
    {"@odata.context":"http://127.0.0.1:28411/catalog/$metadata#Products/$entity","@odata.etag":"W/\\"1\\"","ID":1,"Name":"Anvil","Description":"Cast iron, 50 kg","Price":45.00,"Released":"2019-03-01","Grade":"Standard","Tags":["heavy","iron"],"ShipFrom":{"City":"Chennai","Country":"IN"}}\r
    --batchresponse_b4e9bed5c6ab4854acb11a9512efbf4d\r
    Content-Type: multipart/mixed; boundary=changeset_210716a5b34e43cda775bab9585da9c3\r
    \r
    --changeset_210716a5b34e43cda775bab9585da9c3\r
    Content-Type: application/http\r
    Content-Transfer-Encoding: binary\r
    Content-ID: 1\r
    \r
    HTTP/1.1 201 Created\r
    Location: http://127.0.0.1:28411/catalog/Categories(900)\r
    Content-Type: application/json;odata.metadata=minimal\r
    OData-Version: 4.01\r
    Content-Length: 105\r
    \r
    {"@odata.context":"http://127.0.0.1:28411/catalog/$metadata#Categories/$entity","ID":900,"Name":"Anvils"}\r
    --changeset_210716a5b34e43cda775bab9585da9c3--\r
    --batchresponse_b4e9bed5c6ab4854acb11a9512efbf4d\r
    Content-Type: application/http\r
    Content-Transfer-Encoding: binary\r
    \r
    HTTP/1.1 404 Not Found\r
    Content-Type: application/json\r
    OData-Version: 4.01\r
    Content-Length: 54\r
    \r
    {"error":{"code":"404","message":"Entity not found."}}\r
    --batchresponse_b4e9bed5c6ab4854acb11a9512efbf4d--\r
    """ + "\n"

    /// odatapy 5.3.0 /northwind/$batch: a GET with a percent-encoded key (400, its known quirk) before a GET with a plain key; without continue-on-error the batch stops after the first error.
    static let odatapyPercentEncodedKeyContentType = "multipart/mixed; boundary=batchresponse_d22dbd1a7b5342c4b2d7eb83b3417e76"
    static let odatapyPercentEncodedKey = """
    --batchresponse_d22dbd1a7b5342c4b2d7eb83b3417e76\r
    Content-Type: application/http\r
    Content-Transfer-Encoding: binary\r
    \r
    HTTP/1.1 400 Bad Request\r
    Content-Type: application/json\r
    OData-Version: 4.0\r
    Content-Length: 116\r
    \r
    {"error":{"code":"400","message":"The value '%27ALFKI%27' for key 'CustomerID' is not a valid Edm.String literal."}}\r
    --batchresponse_d22dbd1a7b5342c4b2d7eb83b3417e76--\r
    """ + "\n"

    /// mock-sap 0.22.0 GWSAMPLE_BASIC/$batch (start-v2.sh, with an X-CSRF-Token): a GET, a change set with a MERGE, a GET of an unknown set (SAP error envelope); SAP answers 202 Accepted.
    static let mockSapV2MultipartContentType = "multipart/mixed; boundary=batchresponse_abcc158f-2f37-436d-acc0-e1288c41cfe3"
    static let mockSapV2Multipart = """
    --batchresponse_abcc158f-2f37-436d-acc0-e1288c41cfe3\r
    Content-Type: application/http\r
    Content-Transfer-Encoding: binary\r
    \r
    HTTP/1.1 200 OK\r
    Content-Type: application/json;charset=utf-8\r
    ETag: W/"datetime'2025-08-05T00%3A00%3A00'"\r
    Content-Length: 424\r
    \r
    {
      "d": {
        "__metadata": {
          "id": "http://127.0.0.1:28412/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/BusinessPartnerSet('0100000000')",
          "uri": "http://127.0.0.1:28412/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/BusinessPartnerSet('0100000000')",
          "type": "GWSAMPLE_BASIC.BusinessPartner",
          "etag": "W/\\"datetime'2025-08-05T00%3A00%3A00'\\""
        },
        "BusinessPartnerID": "0100000000",
        "CompanyName": "SAP"
      }
    }\r
    --batchresponse_abcc158f-2f37-436d-acc0-e1288c41cfe3\r
    Content-Type: multipart/mixed; boundary=changesetresponse_c4d791f0-fa85-4aa1-8b27-fc55368d4bba\r
    \r
    --changesetresponse_c4d791f0-fa85-4aa1-8b27-fc55368d4bba\r
    Content-Type: application/http\r
    Content-Transfer-Encoding: binary\r
    \r
    HTTP/1.1 204 No Content\r
    ETag: W/"datetime'2025-08-05T00%3A00%3A00.001000'"\r
    Content-Length: 0\r
    \r
    \r
    --changesetresponse_c4d791f0-fa85-4aa1-8b27-fc55368d4bba--\r
    --batchresponse_abcc158f-2f37-436d-acc0-e1288c41cfe3\r
    Content-Type: application/http\r
    Content-Transfer-Encoding: binary\r
    \r
    HTTP/1.1 404 Not Found\r
    Content-Type: application/json;charset=utf-8\r
    Content-Length: 913\r
    \r
    {
      "error": {
        "code": "/IWBEP/CX_MGW_RESOURCE_NOT_FOUND",
        "message": {
          "lang": "en",
          "value": "Resource not found for the segment 'NoSuchSet'"
        },
        "innererror": {
          "application": {
            "component_id": "",
            "service_namespace": "/SAP/",
            "service_id": "MOCK_SRV",
            "service_version": "0001"
          },
          "transactionid": "MOCK0000000000000000000000000000",
          "timestamp": "20250101000012.971116",
          "Error_Resolution": {
            "SAP_Transaction": "Run transaction /IWFND/ERROR_LOG on the mock gateway",
            "SAP_Note": "See SAP Note 1797736 for error analysis"
          },
          "errordetails": [
            {
              "code": "/IWBEP/CX_MGW_RESOURCE_NOT_FOUND",
              "message": "Resource not found for the segment 'NoSuchSet'",
              "propertyref": "",
              "severity": "error",
              "target": ""
            }
          ]
        }
      }
    }\r
    --batchresponse_abcc158f-2f37-436d-acc0-e1288c41cfe3--\r
    """ + "\n"

    /// odatapy 5.3.0 /catalog/$batch with a JSON batch (4.01): a GET, a POST in atomicity group g1, a GET depending on g1.
    static let odatapyJSONBatchContentType = "application/json"
    static let odatapyJSONBatch = """
    {"responses":[{"id":"0","status":200,"headers":{"content-type":"application/json;odata.metadata=minimal","etag":"W/\\"1\\"","odata-version":"4.01"},"body":{"@odata.context":"http://127.0.0.1:28411/catalog/$metadata#Products/$entity","@odata.etag":"W/\\"1\\"","ID":1,"Name":"Anvil","Description":"Cast iron, 50 kg","Price":45.0,"Released":"2019-03-01","Grade":"Standard","Tags":["heavy","iron"],"ShipFrom":{"City":"Chennai","Country":"IN"}}},{"id":"1","atomicityGroup":"g1","status":201,"headers":{"location":"http://127.0.0.1:28411/catalog/Categories(902)","content-type":"application/json;odata.metadata=minimal","odata-version":"4.01"},"body":{"@odata.context":"http://127.0.0.1:28411/catalog/$metadata#Categories/$entity","ID":902,"Name":"Bellows"}},{"id":"2","status":404,"headers":{"content-type":"application/json","odata-version":"4.01"},"body":{"error":{"code":"404","message":"Entity not found."}}}]}
    """
}
