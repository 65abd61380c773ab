"""auth-gateway.py --upstream PORT [options] -- sign-in endpoints for the tests, in front of an OData server.

Listens on 127.0.0.1 (a free port, printed as PORT=N) and proxies to http://127.0.0.1:UPSTREAM:
  GET  /login            the login page (HTML)
  POST /login            form login (j_username/j_password or sap-user/sap-password; user alice, password
                         wonderland): sets MYSAPSSO2 (valid --session-seconds), answers an HTML page; wrong
                         credentials get the login page again, as portals do
  /form/PATH             needs a valid MYSAPSSO2 cookie, else 302 to /login; proxied to /PATH
  /form401/PATH          the same, but 401 (HTML) instead of the redirect
  POST /token            OAuth2 token endpoint: client odsh-client / client-secret (basic auth or body),
                         grants client_credentials and password (alice / wonderland); tokens are valid for
                         --token-seconds and announced with expires_in = --token-claims-seconds (default: the same)
                         With --saml-cert CERT also the SAML 2.0 bearer grant as SAP SuccessFactors has it
                         (urn:ietf:params:oauth:grant-type:saml2-bearer, client_id odsh-client, company_id
                         ODSHTEST, no client secret): the assertion's signature is checked by xmlsec1 against CERT,
                         then its Issuer and api_key (the client), NameID (alice), Audience (www.successfactors.com),
                         Recipient (this /token URL) and validity window
  GET  /authorize        OAuth 2.0 authorization endpoint (code grant, RFC 6749 4.1, with PKCE S256 required):
                         clients odsh-client (confidential: its secret at /token) and odsh-public (public: no
                         secret); redirect_uri must be a loopback http://127.0.0.1:PORT/ (else a 400 page, never a
                         redirect); consent is given at once (--consent allow) or denied (--consent deny:
                         error=access_denied); the code is good once, for --code-seconds, for that client,
                         redirect_uri and challenge. POST /token then takes grant_type=authorization_code (the
                         code_verifier checked against the challenge) and refresh_token (refresh tokens are good for
                         --refresh-seconds and replaced by a new one on each use)
  POST /device_authorization  OAuth 2.0 device authorization endpoint (RFC 8628 3.1/3.2), clients as at /authorize
                         (a public client sends client_id in the body): answers device_code, user_code,
                         verification_uri (Google's verification_url with --device-style google), verification_uri_complete
                         (not with --device-style google or minimal), expires_in (--device-expires) and interval
                         (--device-interval; not with --device-style minimal; --device-style github answers the
                         polls' errors with 200, as GitHub does). POST /token then takes grant_type
                         urn:ietf:params:oauth:grant-type:device_code: each poll of a code gets the next answer of
                         --device-answers (comma-separated, the last one repeated): pending (authorization_pending),
                         slow_down, deny (access_denied), expired (expired_token) or allow (tokens with a refresh
                         token, as the code grant's; the code is then used up). A code past its expires_in gets
                         expired_token. Each poll is logged with event device-poll:ANSWER
  POST /token-moved?to=URL  307 to URL (a token endpoint that sends clients to another origin)
  /oauth/PATH            needs Authorization: Bearer with a valid token, else 401; proxied to /PATH
  /open/PATH             no sign-in; proxied to /PATH
  POST /control/expire   every session and access token issued so far expires now (refresh tokens stay good):
                         what a test that needs an expiry asks for instead of waiting for one
  /saml-post/PATH        200 with a page that posts a SAMLRequest to that provider (HTTP-POST binding)
  /saml/PATH             302 to a SAML identity provider (http://localhost:PORT/idp/sso?SAMLRequest=...), as a system
                         that signs browsers in only through SAML does
Every .../$metadata answer carries an ETag (a hash of the body) and If-None-Match gets 304 with no body.
Each request is logged to --log as one JSON line: method, path, status, bytes, user_agent, event.
Exits when --owner PID (default: the parent) goes away.
"""
import argparse
import base64
import calendar
import hashlib
import html
import http.server
import json
import os
import secrets
import subprocess
import tempfile
import xml.etree.ElementTree as ET
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

ap = argparse.ArgumentParser()
ap.add_argument("--upstream", type=int, required=True)
ap.add_argument("--owner", type=int, default=0)
ap.add_argument("--session-seconds", type=float, default=60)
ap.add_argument("--token-seconds", type=float, default=60)
ap.add_argument("--token-claims-seconds", type=float, default=None)
ap.add_argument("--log", default=os.devnull)
ap.add_argument("--saml-cert", default=None)
ap.add_argument("--consent", choices=["allow", "deny"], default="allow")
ap.add_argument("--code-seconds", type=float, default=60)
ap.add_argument("--refresh-seconds", type=float, default=3600)
ap.add_argument("--device-answers", default="allow")
ap.add_argument("--device-interval", type=float, default=5)
ap.add_argument("--device-expires", type=float, default=600)
ap.add_argument("--device-style", choices=["rfc", "google", "minimal", "github"], default="rfc")
args = ap.parse_args()
claims = args.token_claims_seconds if args.token_claims_seconds is not None else args.token_seconds
claims = int(claims) if claims == int(claims) else claims

USER, PASSWORD = "alice", "wonderland"
CLIENT_ID, CLIENT_SECRET = "odsh-client", "client-secret"
PUBLIC_CLIENT_ID = "odsh-public"
COMPANY_ID = "ODSHTEST"
SAML_GRANT = "urn:ietf:params:oauth:grant-type:saml2-bearer"
SAML_NS = "urn:oasis:names:tc:SAML:2.0:assertion"
LOGIN_PAGE = (b"<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>"
              b"<form method=\"post\" action=\"/login\"><input name=\"j_username\"><input type=\"password\" name=\"j_password\">"
              b"</form></body></html>\n")

lock = threading.Lock()
sessions = {}
tokens = {}
codes = {}
refresh_tokens = {}
devices = {}
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
log_lock = threading.Lock()


import owner  # noqa: E402 (scripts/testenv/owner.py: --owner known by its PID and start time)


def valid(store, key):
    with lock:
        expiry = store.get(key)
        return expiry is not None and expiry > time.time()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def record(self, status, size, event=""):
        line = json.dumps({"method": self.command, "path": self.path, "status": status, "bytes": size,
                           "user_agent": self.headers.get("User-Agent", ""), "event": event})
        with log_lock, open(args.log, "a") as f:
            f.write(line + "\n")

    def answer(self, status, body=b"", headers=(), event=""):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.record(status, len(body), event)

    def body(self):
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n else b""

    def cookie(self, name):
        for part in (self.headers.get("Cookie") or "").split(";"):
            k, _, v = part.strip().partition("=")
            if k == name:
                return v
        return None

    def handle_any(self):
        path = self.path
        if path.split("?")[0] == "/control/expire":
            with lock:
                for store in (sessions, tokens):
                    for key in store:
                        store[key] = 0
            return self.answer(204, b"", [], "expired")
        if path.split("?")[0] == "/login":
            return self.login()
        if path.split("?")[0] == "/token":
            return self.token()
        if path.split("?")[0] == "/token-moved":
            # A token endpoint that has moved elsewhere (?to=URL): a client must not carry its secrets after it.
            to = (urllib.parse.parse_qs(urllib.parse.urlsplit(path).query).get("to") or [""])[0]
            return self.answer(307, b"", [("Location", to)], "token-moved")
        if path.split("?")[0] == "/authorize":
            return self.authorize()
        if path.split("?")[0] == "/device_authorization":
            return self.device_authorization()
        if path.startswith("/saml/"):
            # A system that signs browsers in only through a SAML identity provider (HTTP-Redirect binding).
            request = base64.b64encode(b"<samlp:AuthnRequest/>").decode()
            location = "http://localhost:%d/idp/sso?SAMLRequest=%s&RelayState=%s" % (
                self.server.server_address[1], urllib.parse.quote(request), urllib.parse.quote(path))
            return self.answer(302, b"", [("Location", location)], "saml-redirect")
        if path.startswith("/saml-post/"):
            # The same through the HTTP-POST binding: a page whose form the browser posts to the provider at once.
            request = base64.b64encode(b"<samlp:AuthnRequest/>").decode()
            page = ("<!DOCTYPE html>\n<html><head><title>Working...</title></head><body onload=\"document.forms[0].submit()\">"
                    "<form method=\"post\" action=\"http://localhost:%d/idp/sso\">"
                    "<input type=\"hidden\" name=\"SAMLRequest\" value=\"%s\"/><input type=\"hidden\" name=\"RelayState\" value=\"%s\"/>"
                    "<noscript><button type=\"submit\">Continue</button></noscript></form></body></html>\n") % (
                self.server.server_address[1], request, html.escape(path))
            return self.answer(200, page.encode(), [("Content-Type", "text/html; charset=utf-8")], "saml-post")
        for prefix in ("/form401/", "/form/", "/oauth/", "/open/"):
            if path.startswith(prefix):
                rest = path[len(prefix) - 1:]
                if prefix.startswith("/form") and not valid(sessions, self.cookie("MYSAPSSO2")):
                    if prefix == "/form401/":
                        return self.answer(401, LOGIN_PAGE, [("Content-Type", "text/html; charset=utf-8")], "refused")
                    return self.answer(302, b"", [("Location", "/login?redirect=" + urllib.parse.quote(path))], "refused")
                if prefix == "/oauth/":
                    auth = self.headers.get("Authorization") or ""
                    if not (auth.startswith("Bearer ") and valid(tokens, auth[7:])):
                        return self.answer(401, b'{"error":"invalid_token"}',
                                           [("Content-Type", "application/json"), ("WWW-Authenticate", 'Bearer realm="odsh"')],
                                           "refused")
                return self.proxy(rest)
        self.answer(404, b"not here\n", [("Content-Type", "text/plain")])

    def login(self):
        if self.command == "GET":
            return self.answer(200, LOGIN_PAGE, [("Content-Type", "text/html; charset=utf-8")])
        form = urllib.parse.parse_qs(self.body().decode())
        user = (form.get("j_username") or form.get("sap-user") or [""])[0]
        password = (form.get("j_password") or form.get("sap-password") or [""])[0]
        if user != USER or password != PASSWORD:
            return self.answer(200, LOGIN_PAGE, [("Content-Type", "text/html; charset=utf-8")], "login-failed")
        sso = secrets.token_hex(16)
        with lock:
            sessions[sso] = time.time() + args.session_seconds
        self.answer(200, b"<html><body>signed in</body></html>\n",
                    [("Content-Type", "text/html"), ("Set-Cookie", "MYSAPSSO2=%s; Path=/; HttpOnly" % sso)], "login")

    def authorize(self):
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)

        def one(name):
            return (query.get(name) or [""])[0]

        page = [("Content-Type", "text/html; charset=utf-8")]
        redirect_uri, client = one("redirect_uri"), one("client_id")
        target = urllib.parse.urlsplit(redirect_uri)
        loopback = target.scheme == "http" and target.hostname == "127.0.0.1" and target.port and not target.query
        if client not in (CLIENT_ID, PUBLIC_CLIENT_ID) or not loopback:
            # RFC 6749 4.1.2.1: never redirect to a URI that is not the client's.
            return self.answer(400, b"<html><body>unknown client or redirect_uri</body></html>\n", page, "authorize-refused")

        def back(event, **fields):
            if one("state"):
                fields["state"] = one("state")
            location = redirect_uri + "?" + urllib.parse.urlencode(fields)
            return self.answer(302, b"", [("Location", location)], event)

        if one("response_type") != "code":
            return back("authorize-refused", error="unsupported_response_type")
        if one("code_challenge_method") != "S256" or len(one("code_challenge")) != 43:
            return back("authorize-refused", error="invalid_request", error_description="PKCE with S256 is required")
        if args.consent == "deny":
            return back("authorize-denied", error="access_denied", error_description="The user did not consent.")
        code = secrets.token_urlsafe(24)
        with lock:
            codes[code] = {"client": client, "redirect_uri": redirect_uri, "challenge": one("code_challenge"),
                           "expires": time.time() + args.code_seconds}
        return back("authorize", code=code)

    def client_of(self, form):
        client, secret = (form.get("client_id") or [""])[0], (form.get("client_secret") or [""])[0]
        auth = self.headers.get("Authorization") or ""
        if auth.startswith("Basic "):
            client, _, secret = base64.b64decode(auth[6:]).decode().partition(":")
        if (client, secret) in ((CLIENT_ID, CLIENT_SECRET), (PUBLIC_CLIENT_ID, "")) and not (client == PUBLIC_CLIENT_ID and auth):
            return client
        return None

    def device_authorization(self):
        json_type = [("Content-Type", "application/json")]
        if self.command != "POST":
            return self.answer(405, b"", [("Allow", "POST")])
        form = urllib.parse.parse_qs(self.body().decode())
        client = self.client_of(form)
        if client is None:
            return self.answer(401, b'{"error":"invalid_client","error_description":"unknown client or wrong secret"}',
                               json_type, "device-refused")
        device_code, user_code = secrets.token_urlsafe(24), "%s-%s" % (secrets.token_hex(2).upper(), secrets.token_hex(2).upper())
        with lock:
            devices[device_code] = {"client": client, "expires": time.time() + args.device_expires, "polls": 0}
        uri = "http://%s/device" % self.headers.get("Host")
        number = lambda x: int(x) if x == int(x) else x  # noqa: E731
        body = {"device_code": device_code, "user_code": user_code, "expires_in": number(args.device_expires)}
        if args.device_style == "google":
            body["verification_url"] = uri
        else:
            body["verification_uri"] = uri
        if args.device_style == "rfc":
            body["verification_uri_complete"] = uri + "?user_code=" + user_code
        if args.device_style != "minimal":
            body["interval"] = number(args.device_interval)
        self.answer(200, json.dumps(body).encode(), json_type + [("Cache-Control", "no-store")], "device-authorization")

    def device_poll(self, form, client, json_type):
        def refuse(error, event):
            # GitHub's device flow answers its errors with 200 (--device-style github), RFC 6749 5.2 with 400.
            status = 200 if args.device_style == "github" else 400
            body = json.dumps({"error": error, "error_description": event}).encode()
            return self.answer(status, body, json_type, "device-poll:" + event)

        code = (form.get("device_code") or [""])[0]
        with lock:
            entry = devices.get(code)
            if entry is not None:
                script = args.device_answers.split(",")
                said = script[min(entry["polls"], len(script) - 1)]
                entry["polls"] += 1
        if entry is None or entry["client"] != client:
            return refuse("invalid_grant", "unknown")
        if entry["expires"] <= time.time():
            return refuse("expired_token", "expired")
        if said == "pending":
            return refuse("authorization_pending", "pending")
        if said == "slow_down":
            return refuse("slow_down", "slow_down")
        if said == "deny":
            return refuse("access_denied", "deny")
        if said == "expired":
            return refuse("expired_token", "expired")
        with lock:
            devices.pop(code, None)  # used up
        tok, refresh = secrets.token_hex(16), secrets.token_urlsafe(24)
        with lock:
            tokens[tok] = time.time() + args.token_seconds
            refresh_tokens[refresh] = {"client": client, "expires": time.time() + args.refresh_seconds}
        body = json.dumps({"access_token": tok, "token_type": "Bearer", "expires_in": claims, "refresh_token": refresh}).encode()
        self.answer(200, body, json_type + [("Cache-Control", "no-store")], "device-poll:allow")

    def code_grant(self, form, client, json_type):
        def refuse(why):
            body = json.dumps({"error": "invalid_grant", "error_description": why}).encode()
            return self.answer(400, body, json_type, "token-refused:" + why)

        grant = (form.get("grant_type") or [""])[0]
        if grant == DEVICE_GRANT:
            return self.device_poll(form, client, json_type)
        if grant == "authorization_code":
            with lock:
                entry = codes.pop((form.get("code") or [""])[0], None)  # a code is good once
            if entry is None:
                return refuse("unknown or used code")
            if entry["expires"] <= time.time():
                return refuse("code expired")
            if entry["client"] != client or entry["redirect_uri"] != (form.get("redirect_uri") or [""])[0]:
                return refuse("code not issued to this client and redirect_uri")
            verifier = (form.get("code_verifier") or [""])[0]
            digest = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
            if digest != entry["challenge"]:
                return refuse("PKCE verification failed")
        else:
            with lock:
                entry = refresh_tokens.pop((form.get("refresh_token") or [""])[0], None)  # replaced on each use
            if entry is None or entry["expires"] <= time.time() or entry["client"] != client:
                return refuse("refresh token not valid")
        tok, refresh = secrets.token_hex(16), secrets.token_urlsafe(24)
        with lock:
            tokens[tok] = time.time() + args.token_seconds
            refresh_tokens[refresh] = {"client": client, "expires": time.time() + args.refresh_seconds}
        body = json.dumps({"access_token": tok, "token_type": "Bearer", "expires_in": claims, "refresh_token": refresh}).encode()
        self.answer(200, body, json_type + [("Cache-Control", "no-store")], "token:" + grant)

    def token(self):
        form = urllib.parse.parse_qs(self.body().decode())
        if args.saml_cert and (form.get("grant_type") or [""])[0] == SAML_GRANT:
            return self.saml_token(form)
        client, secret = (form.get("client_id") or [""])[0], (form.get("client_secret") or [""])[0]
        auth = self.headers.get("Authorization") or ""
        if auth.startswith("Basic "):
            client, _, secret = base64.b64decode(auth[6:]).decode().partition(":")
        json_type = [("Content-Type", "application/json")]
        grant = (form.get("grant_type") or [""])[0]
        if grant in ("authorization_code", "refresh_token", DEVICE_GRANT):
            if (client, secret) in ((CLIENT_ID, CLIENT_SECRET), (PUBLIC_CLIENT_ID, "")) and not (client == PUBLIC_CLIENT_ID and auth):
                return self.code_grant(form, client, json_type)
            return self.answer(401, b'{"error":"invalid_client","error_description":"unknown client or wrong secret"}',
                               json_type, "token-refused")
        if client != CLIENT_ID or secret != CLIENT_SECRET:
            return self.answer(401, b'{"error":"invalid_client","error_description":"unknown client or wrong secret"}',
                               json_type, "token-refused")
        if grant == "password":
            if (form.get("username") or [""])[0] != USER or (form.get("password") or [""])[0] != PASSWORD:
                return self.answer(400, b'{"error":"invalid_grant","error_description":"wrong user or password"}',
                                   json_type, "token-refused")
        elif grant != "client_credentials":
            return self.answer(400, b'{"error":"unsupported_grant_type"}', json_type, "token-refused")
        tok = secrets.token_hex(16)
        with lock:
            tokens[tok] = time.time() + args.token_seconds
        body = json.dumps({"access_token": tok, "token_type": "bearer", "expires_in": claims}).encode()
        self.answer(200, body, json_type + [("Cache-Control", "no-store")], "token:" + grant)

    def saml_token(self, form):
        json_type = [("Content-Type", "application/json")]

        def refuse(status, error, why):
            body = json.dumps({"error": error, "error_description": why}).encode()
            return self.answer(status, body, json_type, "token-refused:" + why)

        if (form.get("client_id") or [""])[0] != CLIENT_ID or (form.get("company_id") or [""])[0] != COMPANY_ID:
            return refuse(401, "invalid_client", "unknown client or company")
        try:
            xml = base64.b64decode((form.get("assertion") or [""])[0], validate=True)
        except ValueError:
            return refuse(400, "invalid_grant", "assertion is not base64")
        with tempfile.NamedTemporaryFile(suffix=".xml") as f:
            f.write(xml)
            f.flush()
            check = subprocess.run(["xmlsec1", "--verify", "--pubkey-cert-pem", args.saml_cert,
                                    "--id-attr:ID", "urn:oasis:names:tc:SAML:2.0:assertion:Assertion", f.name],
                                   capture_output=True, text=True)
        if check.returncode != 0:
            return refuse(400, "invalid_grant", "signature not valid")
        root = ET.fromstring(xml)
        ns = {"s": SAML_NS, "ds": "http://www.w3.org/2000/09/xmldsig#"}
        now = time.time()

        def when(text):
            return calendar.timegm(time.strptime(text, "%Y-%m-%dT%H:%M:%SZ"))

        def first(path, attr=None):
            node = root.find(path, ns)
            if node is None:
                return None
            return node.get(attr) if attr else node.text

        if root.tag != "{%s}Assertion" % SAML_NS or first("ds:Signature/ds:SignedInfo/ds:Reference", "URI") != "#" + root.get("ID", ""):
            return refuse(400, "invalid_grant", "the signature does not cover the assertion")
        confirmation = "s:Subject/s:SubjectConfirmation/s:SubjectConfirmationData"
        expected = {
            "issuer": (first("s:Issuer"), CLIENT_ID),
            "api_key": (first("s:AttributeStatement/s:Attribute[@Name='api_key']/s:AttributeValue"), CLIENT_ID),
            "user": (first("s:Subject/s:NameID"), USER),
            "audience": (first("s:Conditions/s:AudienceRestriction/s:Audience"), "www.successfactors.com"),
            "recipient": (first(confirmation, "Recipient"), "http://%s/token" % self.headers.get("Host")),
            "method": (first("s:Subject/s:SubjectConfirmation", "Method"), "urn:oasis:names:tc:SAML:2.0:cm:bearer"),
        }
        for name, (got, want) in expected.items():
            if got != want:
                return refuse(400, "invalid_grant", "wrong %s" % name)
        try:
            window = (when(first("s:Conditions", "NotBefore")), when(first("s:Conditions", "NotOnOrAfter")),
                      when(first(confirmation, "NotOnOrAfter")))
        except (TypeError, ValueError):
            return refuse(400, "invalid_grant", "no validity window")
        if not (window[0] <= now < window[1] and now < window[2]):
            return refuse(400, "invalid_grant", "assertion not valid now")
        tok = secrets.token_hex(16)
        with lock:
            tokens[tok] = time.time() + args.token_seconds
        body = json.dumps({"access_token": tok, "token_type": "Bearer", "expires_in": claims}).encode()
        self.answer(200, body, json_type + [("Cache-Control", "no-store")], "token:saml2-bearer")

    def proxy(self, rest):
        data = self.body() if self.command in ("POST", "PUT", "PATCH", "MERGE") else None
        req = urllib.request.Request("http://127.0.0.1:%d%s" % (args.upstream, rest), data=data, method=self.command)
        for k, v in self.headers.items():
            if k.lower() not in ("host", "cookie", "authorization", "connection", "content-length",
                                 "if-none-match", "accept-encoding"):
                req.add_header(k, v)
        try:
            resp = urllib.request.urlopen(req, timeout=30)
            status, headers, payload = resp.status, resp.headers, resp.read()
        except urllib.error.HTTPError as e:
            status, headers, payload = e.code, e.headers, e.read()
        out = [(k, v) for k, v in headers.items()
               if k.lower() not in ("transfer-encoding", "connection", "content-length", "server", "date", "keep-alive")]
        if rest.split("?")[0].endswith("/$metadata") and status == 200:
            etag = '"%s"' % hashlib.sha1(payload).hexdigest()[:16]
            out.append(("ETag", etag))
            if etag in [t.strip() for t in (self.headers.get("If-None-Match") or "").split(",")]:
                return self.answer(304, b"", [("ETag", etag)], "not-modified")
        self.answer(status, payload, out)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_MERGE = do_HEAD = handle_any


owner.watch(args.owner or None)
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print("PORT=%d" % server.server_address[1], flush=True)
server.serve_forever()
