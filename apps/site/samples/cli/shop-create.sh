# Beside the server, with its DATA_DIR and DATABASE_URL: a shop, its super-admin (no password yet), and the owner's link.
npx fanshelf shop create --name "Cedar & Pine" --domain shop.cedarpine.example --currency EUR \
  --owner-email owner@cedarpine.example
