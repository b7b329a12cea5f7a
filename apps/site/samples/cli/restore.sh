# Servers stopped; DATA_DIR and DATABASE_URL name the new, empty install.
npx fanshelf restore /var/backups/fanshelf/fanshelf-2026-11-26.fsb --passphrase-file /etc/fanshelf/backup-passphrase
