# From the repository root, next to a running `npm start` (both use ./data unless DATA_DIR says otherwise).
npx fanshelf demo-credentials          # the demo shop: id, API user, storefront token, admin logins
npx fanshelf demo-credentials --json   # every seeded shop, as JSON
