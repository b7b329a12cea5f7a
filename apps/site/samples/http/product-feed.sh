# The shop's public product feed (RSS 2.0 with Google Merchant Center fields). No credentials.
curl -sS --fail-with-body https://shop.pixelpines.tv/.well-known/merchant-center/rss.xml
