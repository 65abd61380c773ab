#!/usr/bin/env bash
# kerberos.sh start DIR UPSTREAM_PORT [OWNER_PID] -- a Kerberos realm and an Apache with mod_auth_gssapi of our
#   own (not the system services), all in DIR on 127.0.0.1: a KDC for the realm ODSH.TEST with the principals
#   tester (the user) and HTTP/localhost (the web server), a keytab for each, a credential cache of tester's
#   (kinit -k), and Apache demanding SPNEGO in front of the HTTP server on 127.0.0.1:UPSTREAM_PORT (proxied with
#   the Host kept, so the upstream's absolute URLs name http://localhost:HTTP_PORT). Apache adds
#   "X-Remote-User: PRINCIPAL" to every answer it authenticated. Prints KEY=VALUE lines:
#     HTTP_PORT    Apache's port; use http://localhost:HTTP_PORT/ (the server principal is HTTP/localhost)
#     KDC_PORT     the KDC's port (UDP and TCP)
#     KRB5_CONFIG  the realm's krb5.conf, for the client's environment
#     KRB5CCNAME   tester's credential cache (FILE:DIR/tester.ccache)
#     OTHER_CCNAME an empty credential cache (no tickets)
#   With OWNER_PID, the KDC and Apache stop when that process ends.
# kerberos.sh stop DIR  -- stop them and remove DIR (only a DIR that this script set up)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
realm=ODSH.TEST
sbin() { command -v "$1" || echo "/usr/sbin/$1"; }

case "${1:-}" in
  start)
    dir="${2:?usage: kerberos.sh start DIR UPSTREAM_PORT [OWNER_PID]}"; upstream="${3:?UPSTREAM_PORT}"; owner="${4:-}"
    mkdir -p "$dir"
    dir="$(cd "$dir" && pwd)"
    cd "$dir"
    : >.odsh-kerberos-fixture
    kdc_port="$(python3 "$here/free-port.py")"
    http_port="$(python3 "$here/free-port.py")"
    # No DNS: the host name of the URL is the principal's, and the realm is found by the domain_realm table.
    cat >krb5.conf <<CONF
[libdefaults]
  default_realm = $realm
  dns_lookup_kdc = false
  dns_lookup_realm = false
  dns_canonicalize_hostname = false
  rdns = false
  udp_preference_limit = 1
  ticket_lifetime = 1h
[realms]
  $realm = {
    kdc = 127.0.0.1:$kdc_port
  }
[domain_realm]
  localhost = $realm
CONF
    cat >kdc.conf <<CONF
[kdcdefaults]
  kdc_ports = $kdc_port
  kdc_tcp_ports = $kdc_port
[realms]
  $realm = {
    database_name = $dir/principal
    key_stash_file = $dir/stash
    acl_file = $dir/kadm5.acl
    kdc_listen = 127.0.0.1:$kdc_port
    kdc_tcp_listen = 127.0.0.1:$kdc_port
  }
[logging]
  kdc = FILE:$dir/kdc.log
CONF
    : >kadm5.acl
    export KRB5_CONFIG="$dir/krb5.conf" KRB5_KDC_PROFILE="$dir/kdc.conf" KRB5RCACHETYPE=none
    "$(sbin kdb5_util)" create -s -P "pw-$(openssl rand -hex 8)" -r "$realm" -d "$dir/principal" >/dev/null
    "$(sbin kadmin.local)" -r "$realm" -q "addprinc -randkey tester" >/dev/null 2>&1
    "$(sbin kadmin.local)" -r "$realm" -q "addprinc -randkey HTTP/localhost" >/dev/null 2>&1
    "$(sbin kadmin.local)" -r "$realm" -q "ktadd -k $dir/tester.keytab tester" >/dev/null 2>&1
    "$(sbin kadmin.local)" -r "$realm" -q "ktadd -k $dir/http.keytab HTTP/localhost" >/dev/null 2>&1
    "$(sbin krb5kdc)" -P "$dir/kdc.pid" -r "$realm" || { cat "$dir/kdc.log" >&2; exit 1; }
    for _ in $(seq 1 50); do
      kinit -k -t "$dir/tester.keytab" -c "FILE:$dir/tester.ccache" "tester@$realm" 2>/dev/null && break
      sleep 0.1
    done
    [ -s "$dir/tester.ccache" ] || { echo "kinit failed" >&2; cat "$dir/kdc.log" >&2; exit 1; }

    # Apache runs as whoever starts it, with no User directive, so it can read the keytab in DIR.
    mods=/usr/lib/apache2/modules
    cat >apache.conf <<CONF
ServerRoot $dir
ServerName localhost
Listen 127.0.0.1:$http_port
PidFile $dir/apache.pid
ErrorLog $dir/apache-error.log
LogLevel warn
DefaultRuntimeDir $dir
Mutex file:$dir default
LoadModule mpm_event_module $mods/mod_mpm_event.so
LoadModule authn_core_module $mods/mod_authn_core.so
LoadModule authz_core_module $mods/mod_authz_core.so
LoadModule authz_user_module $mods/mod_authz_user.so
LoadModule auth_gssapi_module $mods/mod_auth_gssapi.so
LoadModule headers_module $mods/mod_headers.so
LoadModule proxy_module $mods/mod_proxy.so
LoadModule proxy_http_module $mods/mod_proxy_http.so
StartServers 1
ServerLimit 1
ThreadsPerChild 16
MaxRequestWorkers 16
LogFormat "%h %u \"%r\" %>s authorization=\"%{Authorization}i\"" credentials
CustomLog $dir/access.log credentials
<Location />
  AuthType GSSAPI
  AuthName "odsh Kerberos test"
  GssapiCredStore keytab:$dir/http.keytab
  GssapiAllowedMech krb5
  Require valid-user
  Header set X-Remote-User "expr=%{REMOTE_USER}"
</Location>
ProxyPreserveHost On
ProxyPass / http://127.0.0.1:$upstream/
ProxyPassReverse / http://127.0.0.1:$upstream/
CONF
    "$(sbin apache2)" -f "$dir/apache.conf" -k start </dev/null >/dev/null 2>>"$dir/apache-error.log" \
      || { cat "$dir/apache-error.log" >&2; exit 1; }
    for _ in $(seq 1 50); do
      curl -s -o /dev/null "http://127.0.0.1:$http_port/" && break
      sleep 0.1
    done
    # By process ID: the owner may remove DIR, with the PID files, when it ends.
    [ -n "$owner" ] && "$here/watchdog.sh" "$owner" kill "$(cat "$dir/kdc.pid")" "$(cat "$dir/apache.pid")"
    echo "HTTP_PORT=$http_port"
    echo "KDC_PORT=$kdc_port"
    echo "KRB5_CONFIG=$dir/krb5.conf"
    echo "KRB5CCNAME=FILE:$dir/tester.ccache"
    echo "OTHER_CCNAME=FILE:$dir/nobody.ccache"
    ;;
  stop)
    dir="${2:?usage: kerberos.sh stop DIR}"
    [ -f "$dir/apache.pid" ] && kill "$(cat "$dir/apache.pid")" 2>/dev/null || true
    [ -f "$dir/kdc.pid" ] && kill "$(cat "$dir/kdc.pid")" 2>/dev/null || true
    if [ -f "$dir/.odsh-kerberos-fixture" ]; then sleep 0.2; rm -rf "$dir"; fi
    ;;
  *)
    sed -n '2,15p' "$0" >&2; exit 2 ;;
esac
