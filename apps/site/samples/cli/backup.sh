# Beside the running server (same DATA_DIR, DATABASE_URL and SECRET_KEY): a consistent snapshot while it serves.
# The passphrase file holds at least 12 characters (mode 0600; one trailing newline is ignored).
npx fanshelf backup "/var/backups/fanshelf/fanshelf-$(date +%F).fsb" --passphrase-file /etc/fanshelf/backup-passphrase
