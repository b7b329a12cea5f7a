package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// VerifyFanshelfSignature checks X-Fourthwall-Hmac-SHA256 (shop secret) or
// X-Fourthwall-Hmac-Apps-SHA256 (app HMAC key), also sent as X-Fanshelf-Hmac-…. rawBody must be the exact bytes
// received (io.ReadAll(r.Body) before decoding).
func VerifyFanshelfSignature(rawBody []byte, header string, secret string) bool {
	if header == "" {
		return false
	}
	received, err := base64.StdEncoding.DecodeString(header)
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(rawBody)
	return hmac.Equal(received, mac.Sum(nil))
}

// VerifyStandardWebhook checks the Standard Webhooks headers webhook-id,
// webhook-timestamp and webhook-signature. secret as returned by POST /webhooks
// ("whsec_...": the key is the decoded base64 part); other keys are used as UTF-8.
func VerifyStandardWebhook(rawBody []byte, id, timestamp, signature, secret string, now time.Time) bool {
	if id == "" || timestamp == "" || signature == "" {
		return false
	}
	sentAt, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return false
	}
	age := now.Unix() - sentAt
	if age > 300 || age < -300 {
		return false
	}

	key := []byte(secret)
	if strings.HasPrefix(secret, "whsec_") {
		key, err = base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
		if err != nil {
			return false
		}
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + timestamp + "."))
	mac.Write(rawBody)
	expected := mac.Sum(nil)

	// Several signatures may be sent while a secret is rotated: accept if any v1 signature matches.
	for _, entry := range strings.Split(signature, " ") {
		version, value, found := strings.Cut(entry, ",")
		if !found || version != "v1" {
			continue
		}
		received, err := base64.StdEncoding.DecodeString(value)
		if err == nil && hmac.Equal(received, expected) {
			return true
		}
	}
	return false
}
