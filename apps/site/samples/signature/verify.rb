require 'openssl'

module FanshelfWebhooks
  module_function

  # Checks X-Fourthwall-Hmac-SHA256 (shop secret) or X-Fourthwall-Hmac-Apps-SHA256 (app HMAC key);
  # the same value also arrives as X-Fanshelf-Hmac-SHA256 / X-Fanshelf-Hmac-Apps-SHA256.
  # raw_body must be the exact bytes received (Rack: request.body.read).
  def verify_fanshelf_signature(raw_body, header, secret)
    return false if header.nil? || header.empty?

    digest = OpenSSL::HMAC.digest('SHA256', secret, raw_body)
    expected = [digest].pack('m0') # strict base64
    OpenSSL.secure_compare(expected, header)
  end

  # Checks the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature.
  # secret as returned by POST /webhooks ("whsec_...": the key is the decoded base64 part); other keys are used as UTF-8.
  def verify_standard_webhook(raw_body, id, timestamp, signature, secret, now: Time.now.to_i, tolerance: 300)
    return false if [id, timestamp, signature].any? { |value| value.nil? || value.empty? }
    return false unless timestamp.match?(/\A\d+\z/)
    return false if (now - timestamp.to_i).abs > tolerance

    key = secret.start_with?('whsec_') ? secret.delete_prefix('whsec_').unpack1('m0') : secret
    signed_content = "#{id}.#{timestamp}.".b + raw_body.b
    expected = [OpenSSL::HMAC.digest('SHA256', key, signed_content)].pack('m0')

    # Several signatures may be sent while a secret is rotated: accept if any v1 signature matches.
    signature.split(' ').any? do |entry|
      version, value = entry.split(',', 2)
      version == 'v1' && !value.nil? && OpenSSL.secure_compare(expected, value)
    end
  end
end
