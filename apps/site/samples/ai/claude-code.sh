# Add the shop's MCP server to Claude Code; run /mcp inside Claude Code to sign in.
claude mcp add --transport http fanshelf "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/mcp"
