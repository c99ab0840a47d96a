#!/bin/sh
# Installs RoastMeLater Bot as a systemd service, as docs/deployment.md describes:
#
#   make release
#   sudo deploy/install.sh --token-stdin < token.txt     (or: sudo TELEGRAM_BOT_TOKEN=… make install)
#   sudo systemctl enable --now roastbot
#
# Layout (owner:group mode):
#   /opt/roastbot/bin/roastbot        root:root      755   the bot
#   /opt/roastbot/bin/roastbot-render root:root      755   draws pictures; the bot starts it from beside itself
#   /opt/roastbot/config/…            root:root      644   roast library, collections, block list
#   /etc/roastbot/                    root:roastbot  750   the service reads, only root writes
#   /etc/roastbot/roastbot.json       root:roastbot  640   settings (kept if it exists)
#   /etc/roastbot/token               roastbot       600   the bot token (written when given)
#   /var/lib/roastbot/                roastbot       700   the SQLite database and its lock
#   /var/backups/roastbot/            roastbot       700   daily copies, when the settings ask for them
# ("roastbot" as a group is the service user's primary group.)
#
# Run from the repository root. With --token-stdin the token is the first line of stdin (it stays
# out of the shell history and the process environment). Environment:
#   TELEGRAM_BOT_TOKEN     the token to store (else an existing token file is kept)
#   ROASTBOT_BIN_DIR       where the built roastbot and roastbot-render are (default .build/release)
#   ROASTBOT_USER          the service user (default roastbot; created when missing, an existing
#                          user keeps its own primary group)
#   ROASTBOT_INSTALL_ROOT  install under this directory instead of / (staging, tests); the unit is
#                          then not installed and systemd is not told
set -eu

root="${ROASTBOT_INSTALL_ROOT:-}"
user="${ROASTBOT_USER:-roastbot}"
bin_dir="${ROASTBOT_BIN_DIR:-.build/release}"
token_from_stdin=no
for argument in "$@"; do
    case "$argument" in
        --token-stdin) token_from_stdin=yes ;;
        *) echo "install.sh: unknown argument $argument (only --token-stdin)" >&2; exit 1 ;;
    esac
done

[ "$(id -u)" -eq 0 ] || { echo "install.sh: run as root (sudo)" >&2; exit 1; }
for program in roastbot roastbot-render; do
    [ -x "$bin_dir/$program" ] || { echo "install.sh: no $program in $bin_dir (make release)" >&2; exit 1; }
done
[ -d config/library ] || { echo "install.sh: run from the repository root" >&2; exit 1; }

if ! id -u "$user" >/dev/null 2>&1; then
    useradd --system --user-group --home-dir /var/lib/roastbot --no-create-home --shell /usr/sbin/nologin "$user"
fi
group="$(id -gn "$user")"

token="${TELEGRAM_BOT_TOKEN:-}"
if [ "$token_from_stdin" = yes ]; then
    IFS= read -r token || true
    token="$(printf '%s' "$token" | tr -d '[:space:]')"
    [ -n "$token" ] || { echo "install.sh: --token-stdin: no token on stdin" >&2; exit 1; }
fi

umask 022
install -d -m 755 "$root/opt/roastbot/bin"
install -m 755 "$bin_dir/roastbot" "$bin_dir/roastbot-render" "$root/opt/roastbot/bin/"
rm -rf "$root/opt/roastbot/config"
cp -R config "$root/opt/roastbot/config"
chmod -R u=rwX,go=rX "$root/opt/roastbot/config"
install -m 644 README.md "$root/opt/roastbot/README.md"
install -d -m 755 "$root/opt/roastbot/docs"
install -m 644 docs/*.md "$root/opt/roastbot/docs/"

install -d -m 750 -o root -g "$group" "$root/etc/roastbot"
if [ ! -e "$root/etc/roastbot/roastbot.json" ]; then
    cat > "$root/etc/roastbot/roastbot.json" <<EOF
{
  "_comment": "RoastMeLater Bot settings; every key is listed with its default in $root/opt/roastbot/config/roastbot.example.json.",
  "telegram": { "token_file": "$root/etc/roastbot/token" },
  "database": "$root/var/lib/roastbot/roastbot.sqlite",
  "library": "$root/opt/roastbot/config/library",
  "collections": "$root/opt/roastbot/config/collections.json",
  "blocklist": "$root/opt/roastbot/config/blocklist.txt"
}
EOF
fi
chown root:"$group" "$root/etc/roastbot/roastbot.json"
chmod 640 "$root/etc/roastbot/roastbot.json"

if [ -n "$token" ]; then
    (umask 077 && printf '%s\n' "$token" > "$root/etc/roastbot/token")
fi
if [ -e "$root/etc/roastbot/token" ]; then
    chown "$user:$group" "$root/etc/roastbot/token"
    chmod 600 "$root/etc/roastbot/token"
else
    echo "install.sh: no token yet: write it to $root/etc/roastbot/token (owned by $user, chmod 600)" >&2
fi

install -d -m 700 -o "$user" -g "$group" "$root/var/lib/roastbot"
install -d -m 700 -o "$user" -g "$group" "$root/var/backups/roastbot"

if [ -z "$root" ]; then
    sed "s/^User=roastbot$/User=$user/; s/^Group=roastbot$/Group=$group/" deploy/roastbot.service > /etc/systemd/system/roastbot.service
    chmod 644 /etc/systemd/system/roastbot.service
    if command -v systemctl >/dev/null 2>&1; then systemctl daemon-reload; fi
    echo "installed; start it with: systemctl enable --now roastbot && journalctl -u roastbot -f"
fi
