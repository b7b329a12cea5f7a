# An agent's tool call, as it crosses the wire: the JSON-RPC request tools/call for listWebhookEvents
# (the delivery log, newest first), here as an API user. The answer carries the same JSON as
# GET /open-api/v1.0/webhook-events?size=10, as text and as structuredContent.
curl -sS --fail-with-body \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  -H 'Content-Type: application/json' \
  -H 'Accept: application/json, text/event-stream' \
  -H 'MCP-Protocol-Version: 2025-11-25' \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/mcp" \
  -d '{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
       "params": {"name": "listWebhookEvents", "arguments": {"size": 10}}}'
