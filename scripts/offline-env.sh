# Sourced by the npm scripts: keeps wrangler quiet and offline (no telemetry, update checks or cf.json fetch),
# and its config and logs inside the project.
export WRANGLER_SEND_METRICS=false
export WRANGLER_HIDE_BANNER=true
export WRANGLER_SEND_ERROR_REPORTS=false
export CLOUDFLARE_CF_FETCH_ENABLED=false
export NO_UPDATE_NOTIFIER=1
export XDG_CONFIG_HOME="${XDG_CONFIG_HOME:-$PWD/.xdg-config}"
export WRANGLER_LOG_PATH="${WRANGLER_LOG_PATH:-$PWD/.wrangler/logs}"
