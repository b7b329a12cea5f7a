# Locally the Host header picks the shop: 127.0.0.1 and localhost are the demo shop.
curl -sS --fail-with-body "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/.well-known/merchant-center/rss.xml"
