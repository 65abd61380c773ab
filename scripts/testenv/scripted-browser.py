"""scripted-browser.py [--mode MODE] [--delay S] [--log FILE] URL -- a "browser" for the tests of browser sign-in.

Given as $BROWSER (odsh appends the authorization URL) or started by a library test's open-URL closure, it does
what a person's browser does: GETs the authorization URL, takes the authorization server's redirect (Location) and
GETs it, which reaches odsh's loopback listener. It returns at once and does the rest in the background, as
xdg-open does. Modes:
  follow            as a browser does (default)
  wrong-state       changes the state parameter of the redirect before following it
  tamper-challenge  replaces the code_challenge of the authorization URL with another verifier's (the code is then
                    issued for a challenge whose verifier odsh does not have)
  ignore            opens nothing (the redirect never comes)
--delay S waits S seconds before following the redirect (a code that expires meanwhile).
Each step is appended to --log as one JSON line: step, url, status, body (the final page), location.
"""
import argparse
import base64
import hashlib
import http.client
import json
import os
import sys
import time
import urllib.parse

ap = argparse.ArgumentParser()
ap.add_argument("--mode", default="follow", choices=["follow", "wrong-state", "tamper-challenge", "ignore"])
ap.add_argument("--delay", type=float, default=0)
ap.add_argument("--log", default=os.devnull)
ap.add_argument("url")
args = ap.parse_args()


def log(**entry):
    with open(args.log, "a") as f:
        f.write(json.dumps(entry) + "\n")


def get(url):
    """One GET, no redirect followed: (status, location, body)."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", parts.path + ("?" + parts.query if parts.query else ""))
    response = connection.getresponse()
    body = response.read().decode("utf-8", "replace")
    connection.close()
    return response.status, response.getheader("Location"), body


def replace_parameter(url, name, value):
    parts = urllib.parse.urlsplit(url)
    query = [(k, value if k == name else v) for k, v in urllib.parse.parse_qsl(parts.query, keep_blank_values=True)]
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


def browse():
    url = args.url
    log(step="opened", url=url)
    if args.mode == "ignore":
        return
    if args.mode == "tamper-challenge":
        other = base64.urlsafe_b64encode(hashlib.sha256(b"not-the-client's-verifier").digest()).rstrip(b"=").decode()
        url = replace_parameter(url, "code_challenge", other)
    status, location, body = get(url)
    log(step="authorize", url=url, status=status, location=location)
    if status not in (301, 302, 303, 307) or not location:
        return
    if args.mode == "wrong-state":
        location = replace_parameter(location, "state", "forged-state")
    time.sleep(args.delay)
    status, _, body = get(location)
    log(step="redirect", url=location, status=status, body=body)


# Like xdg-open: the caller goes on at once; the browsing happens in a child of our own.
if os.fork() == 0:
    os.setsid()
    try:
        browse()
    except Exception as e:  # the log says what broke, for the test's message
        log(step="error", error=repr(e))
    os._exit(0)
sys.exit(0)
