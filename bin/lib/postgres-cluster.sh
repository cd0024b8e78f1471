# Sourced by bin/test and bin/postgres-dev: a throwaway PostgreSQL cluster in one folder.
#
#   photofeed_pg_start DIR   installs Debian's `postgresql` when missing, runs initdb into DIR,
#                            starts the server on 127.0.0.1 at a free port (its Unix socket in DIR
#                            too), creates the `photofeed` database and prints its URL
#   photofeed_pg_url DIR     prints the URL of the cluster in DIR (nonzero when none runs there)
#   photofeed_pg_resume DIR  starts the server of DIR again after it stopped, on the same port
#                            (tests of a database outage)
#   photofeed_pg_stop DIR    stops the server and removes DIR
#
# PostgreSQL refuses to run as root, and CI runs as root: then the server runs as the system user
# `photofeed-pg` (created when missing, no login, no home), or `nobody` when it cannot be created,
# and DIR belongs to that user. The cluster trusts local connections: it is for tests and
# development on one machine only. Its superuser and database are both `photofeed`.

photofeed_pg_bin() {
    local bin
    bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
    [ -n "$bin" ] && [ -x "$bin/initdb" ] || return 1
    echo "$bin"
}

# The user the server runs as: ourselves, or an unprivileged system user when we are root.
photofeed_pg_user() {
    if [ "$(id -u)" -ne 0 ]; then id -un; return 0; fi
    if ! getent passwd photofeed-pg >/dev/null; then
        useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin photofeed-pg \
            >/dev/null 2>&1 || { echo nobody; return 0; }
    fi
    echo photofeed-pg
}

# Runs a command as the cluster's user.
photofeed_pg_as() {
    local user="$1"; shift
    if [ "$user" = "$(id -un)" ]; then "$@"; else runuser -u "$user" -- "$@"; fi
}

# A TCP port on 127.0.0.1 that nothing listens on now.
photofeed_pg_free_port() {
    local port tries=0
    while [ $tries -lt 200 ]; do
        port=$(( 20000 + (RANDOM * 32768 + RANDOM) % 30000 ))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return 0; fi
        tries=$((tries + 1))
    done
    return 1
}

# Starts the server of cluster DIR on PORT, as the user that owns its files. fsync off: a
# throwaway cluster loses nothing it needs on a crash, and commits stay cheap.
photofeed_pg_ctl_start() {
    local dir="$1" port="$2" bin user
    bin="$(photofeed_pg_bin)" || return 1
    user="$(stat -c %U "$dir/data")"
    photofeed_pg_as "$user" "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait --timeout=60 start \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200"
}

# Starts cluster DIR again after its server stopped (a test's outage), on the port it had.
photofeed_pg_resume() {
    photofeed_pg_ctl_start "$1" "$(cat "$1/port")" >/dev/null
}

photofeed_pg_start() {
    local dir="$1"
    source "$(dirname "${BASH_SOURCE[0]}")/ensure-system-deps.sh"
    photofeed_ensure_system_deps postgresql || { echo "postgres-cluster: cannot install postgresql" >&2; return 1; }
    local bin user port
    bin="$(photofeed_pg_bin)" || { echo "postgres-cluster: no initdb under /usr/lib/postgresql" >&2; return 1; }
    user="$(photofeed_pg_user)"
    mkdir -p "$dir"
    chmod 700 "$dir"
    [ "$user" = "$(id -un)" ] || chown "$user" "$dir"
    photofeed_pg_as "$user" "$bin/initdb" --pgdata="$dir/data" --username=photofeed --auth=trust \
        --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 \
        || { echo "postgres-cluster: initdb failed:" >&2; tail -n 20 "$dir/initdb.log" >&2; return 1; }
    local attempt
    for attempt in 1 2 3; do
        port="$(photofeed_pg_free_port)" || { echo "postgres-cluster: no free port" >&2; return 1; }
        if photofeed_pg_ctl_start "$dir" "$port" >/dev/null 2>&1; then
            echo "$port" >"$dir/port"
            photofeed_pg_as "$user" "$bin/createdb" --host="$dir" --port="$port" --username=photofeed photofeed \
                || { echo "postgres-cluster: createdb failed" >&2; return 1; }
            photofeed_pg_url "$dir"
            return 0
        fi
    done
    echo "postgres-cluster: the server did not start:" >&2
    tail -n 20 "$dir/server.log" >&2 2>/dev/null
    return 1
}

photofeed_pg_url() {
    local dir="$1"
    [ -f "$dir/port" ] && [ -f "$dir/data/postmaster.pid" ] || return 1
    echo "postgres://photofeed@127.0.0.1:$(cat "$dir/port")/photofeed"
}

photofeed_pg_stop() {
    local dir="$1" bin user
    [ -d "$dir" ] || return 0
    if [ -f "$dir/data/postmaster.pid" ] && bin="$(photofeed_pg_bin)"; then
        user="$(stat -c %U "$dir/data")"
        photofeed_pg_as "$user" "$bin/pg_ctl" --pgdata="$dir/data" --mode=fast --wait stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
}
