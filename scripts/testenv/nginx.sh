#!/usr/bin/env bash
# nginx.sh start DIR UPSTREAM_PORT [OWNER_PID] -- an nginx of our own (not the system service) in DIR, in front of
#   the HTTP server on 127.0.0.1:UPSTREAM_PORT. Generates a test CA, server and client certificates and an
#   htpasswd file in DIR, then prints KEY=VALUE lines:
#     HTTP_PORT   plain HTTP: /auth/... (basic auth, user "tester", password in DIR/password, proxied to the
#                 upstream with /auth stripped), /html500, /away (302 to 127.0.0.2), /same (302 to /auth/),
#                 /set-cookie, /echo-headers, /corpus/ (the metadata corpus, gzip on), / (proxied to the upstream)
#                 /static/NAME/$metadata (the corpus file NAME.xml, with nginx's own ETag, Last-Modified and 304s)
#     TLS_PORT    HTTPS with the test CA's server certificate (DIR/ca.crt), proxied to the upstream; /auth/... as on
#                 HTTP_PORT (basic auth)
#     MTLS_PORT   HTTPS that demands a client certificate of the test CA (DIR/client.crt, DIR/client.key)
#     AWAY_PORT   plain HTTP on 127.0.0.2, logging credential headers of every request to DIR/away.log
#     PROXY_PORT  a forward proxy for plain HTTP (absolute-form requests), logging them to DIR/proxy.log
#   With OWNER_PID, nginx stops when that process ends.
# nginx.sh stop DIR [PID]  -- stop it (by PID, else DIR's pid file) and remove DIR (only a DIR this script set up)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
corpus="${ODSH_SHARED:-$root/../shared}/corpus/metadata"
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"

case "${1:-}" in
  start)
    dir="${2:?usage: nginx.sh start DIR UPSTREAM_PORT [OWNER_PID]}"; upstream="${3:?UPSTREAM_PORT}"; owner="${4:-}"
    mkdir -p "$dir/tmp"
    cd "$dir"
    : >.odsh-nginx-fixture
    # A CA, a server certificate for 127.0.0.1 and a client certificate, all signed by it (EC keys: fast).
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj "/CN=odsh test CA" \
      -keyout ca.key -out ca.crt 2>/dev/null
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=127.0.0.1" \
      -keyout server.key -out server.csr 2>/dev/null
    printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >server.ext
    openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 -extfile server.ext \
      -out server.crt 2>/dev/null
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=odsh test client" \
      -keyout client.key -out client.csr 2>/dev/null
    printf 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n' >client.ext
    openssl x509 -req -in client.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 -extfile client.ext \
      -out client.crt 2>/dev/null
    password="pa55-$(openssl rand -hex 6)"
    printf '%s' "$password" >password
    printf 'tester:%s\n' "$(openssl passwd -apr1 "$password")" >htpasswd

    http_port="$(python3 "$here/free-port.py")"
    tls_port="$(python3 "$here/free-port.py")"
    mtls_port="$(python3 "$here/free-port.py")"
    away_port="$(python3 "$here/free-port.py" 127.0.0.2)"
    proxy_port="$(python3 "$here/free-port.py")"
    user_line=""; [ "$(id -u)" -eq 0 ] && user_line="user root;"  # workers must read files in DIR
    cat >nginx.conf <<CONF
$user_line
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 64; }
http {
  access_log $dir/access.log;
  client_body_temp_path $dir/tmp/body;
  proxy_temp_path $dir/tmp/proxy;
  fastcgi_temp_path $dir/tmp/fastcgi;
  uwsgi_temp_path $dir/tmp/uwsgi;
  scgi_temp_path $dir/tmp/scgi;
  types { application/xml xml; text/plain txt; }
  default_type application/octet-stream;
  gzip on;
  gzip_types application/xml application/json text/plain;
  gzip_min_length 100;
  log_format credentials '\$remote_addr "\$request" authorization="\$http_authorization" cookie="\$http_cookie" x-csrf-token="\$http_x_csrf_token"';

  server {
    listen 127.0.0.1:$http_port;
    location /auth/ {
      auth_basic "odsh test";
      auth_basic_user_file $dir/htpasswd;
      proxy_pass http://127.0.0.1:$upstream/;
    }
    location = /html500 {
      default_type text/html;
      return 500 "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<title>Application Server Error</title><style>body{font:12px sans-serif}</style></head>\n<body><h1>500 Internal Server Error</h1><p>The request could not be processed. Trace: 0123456789abcdef 0123456789abcdef 0123456789abcdef 0123456789abcdef 0123456789abcdef 0123456789abcdef 0123456789abcdef</p><p>More text that nobody wants to see in a one-line summary.</p></body></html>\n";
    }
    location = /away { return 302 http://127.0.0.2:$away_port/landed; }
    location = /same { return 302 /auth/northwind/; }
    location = /set-cookie {
      default_type text/plain;
      add_header Set-Cookie "MYSAPSSO2=sso-\$request_id; Path=/; Max-Age=3600";
      add_header Set-Cookie "SAP_SESSIONID_TST_100=sess-\$request_id; Path=/";
      return 200 "cookies set\n";
    }
    location = /echo-headers {
      default_type text/plain;
      return 200 "cookie=\$http_cookie\nauthorization=\$http_authorization\nuser-agent=\$http_user_agent\nx-test=\$http_x_test\nquery=\$args\n";
    }
    location /corpus/ { alias $corpus/; }
    location ~ ^/static/([A-Za-z0-9._-]+)/\\\$metadata\$ { default_type application/xml; alias $corpus/\$1.xml; }
    location / { proxy_pass http://127.0.0.1:$upstream; }
  }
  server {
    listen 127.0.0.1:$tls_port ssl;
    ssl_certificate $dir/server.crt;
    ssl_certificate_key $dir/server.key;
    location /auth/ {
      auth_basic "odsh test";
      auth_basic_user_file $dir/htpasswd;
      proxy_pass http://127.0.0.1:$upstream/;
    }
    location / { proxy_pass http://127.0.0.1:$upstream; }
  }
  server {
    listen 127.0.0.1:$mtls_port ssl;
    ssl_certificate $dir/server.crt;
    ssl_certificate_key $dir/server.key;
    ssl_client_certificate $dir/ca.crt;
    ssl_verify_client on;
    location / { default_type text/plain; return 200 "client=\$ssl_client_s_dn\n"; }
  }
  server {
    listen 127.0.0.1:$proxy_port;
    access_log $dir/proxy.log credentials;
    location / { proxy_pass http://\$http_host; }
  }
  server {
    listen 127.0.0.2:$away_port;
    access_log $dir/away.log credentials;
    location / { default_type text/plain; return 200 "landed\n"; }
  }
}
CONF
    : >away.log
    : >proxy.log
    "$nginx_bin" -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" </dev/null >/dev/null 2>>"$dir/error.log" \
      || { cat "$dir/error.log" >&2; exit 1; }
    for _ in $(seq 1 50); do
      curl -s -o /dev/null "http://127.0.0.1:$http_port/echo-headers" && break
      sleep 0.1
    done
    # The watchdog stops nginx by its process ID: the owner may remove DIR (pid file included) before it ends.
    [ -n "$owner" ] && "$here/watchdog.sh" "$owner" "$here/nginx.sh" stop "$dir" "$(cat "$dir/nginx.pid" 2>/dev/null)"
    echo "HTTP_PORT=$http_port"
    echo "TLS_PORT=$tls_port"
    echo "MTLS_PORT=$mtls_port"
    echo "AWAY_PORT=$away_port"
    echo "PROXY_PORT=$proxy_port"
    ;;
  stop)
    dir="${2:?usage: nginx.sh stop DIR [PID]}"
    pid="${3:-}"
    [ -z "$pid" ] && [ -f "$dir/nginx.pid" ] && pid="$(cat "$dir/nginx.pid")"
    # Only an nginx master whose command line names DIR: a PID may have been reused since.
    if [ -n "$pid" ] && grep -qa -- "$dir/nginx.conf" "/proc/$pid/cmdline" 2>/dev/null; then kill "$pid" 2>/dev/null || true; fi
    if [ -f "$dir/.odsh-nginx-fixture" ]; then sleep 0.2; rm -rf "$dir"; fi
    ;;
  *)
    sed -n '2,14p' "$0" >&2; exit 2 ;;
esac
