# Sourced by the bin/ scripts: installs the Debian packages the build needs when any is missing.
# Prints nothing when everything is present.
photofeed_ensure_system_deps() {
    local packages=(libsqlite3-dev sqlite3 libharfbuzz-dev libglib2.0-dev libfreetype-dev libunibreak-dev fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji pkg-config)
    local missing=()
    local package
    for package in "${packages[@]}" "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "installing Debian packages: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >&2 || return 1
    $sudo apt-get install -y -qq "${missing[@]}" >&2 || return 1
}
