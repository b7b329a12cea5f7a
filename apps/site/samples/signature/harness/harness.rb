require_relative '../verify'

body = File.binread(ENV.fetch('SAMPLE_BODY_FILE'))
hmac = FanshelfWebhooks.verify_fanshelf_signature(body, ENV['SAMPLE_HMAC_HEADER'], ENV.fetch('SAMPLE_SECRET'))
standard = FanshelfWebhooks.verify_standard_webhook(
  body, ENV['SAMPLE_WEBHOOK_ID'], ENV['SAMPLE_WEBHOOK_TIMESTAMP'], ENV['SAMPLE_WEBHOOK_SIGNATURE'],
  ENV.fetch('SAMPLE_WEBHOOK_SECRET'), now: Integer(ENV.fetch('SAMPLE_NOW'))
)
puts "hmac=#{hmac ? 'valid' : 'invalid'}"
puts "standard=#{standard ? 'valid' : 'invalid'}"
