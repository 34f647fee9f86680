package android.net.http;

import java.security.cert.X509Certificate;

/**
 * A TLS error, as the argument of {@code WebViewClient.onReceivedSslError}: the kit never calls that callback
 * (bridgecheck's page makes no network connections), so this only holds the values a bridge may read.
 */
public class SslError {
    public static final int SSL_NOTYETVALID = 0;
    public static final int SSL_EXPIRED = 1;
    public static final int SSL_IDMISMATCH = 2;
    public static final int SSL_UNTRUSTED = 3;
    public static final int SSL_DATE_INVALID = 4;
    public static final int SSL_INVALID = 5;
    public static final int SSL_MAX_ERROR = 6;

    private int errors;
    private final String url;
    private final X509Certificate certificate;

    public SslError(int error, X509Certificate certificate, String url) {
        this.certificate = certificate;
        this.url = url;
        addError(error);
    }

    /** Adds an error; false when it is not a valid error code. */
    public boolean addError(int error) {
        boolean valid = error >= 0 && error < SSL_MAX_ERROR;
        if (valid) {
            errors |= 1 << error;
        }
        return valid;
    }

    public boolean hasError(int error) {
        return error >= 0 && error < SSL_MAX_ERROR && (errors & (1 << error)) != 0;
    }

    /** The most severe error (the highest code), or -1. */
    public int getPrimaryError() {
        for (int error = SSL_MAX_ERROR - 1; error >= 0; --error) {
            if ((errors & (1 << error)) != 0) {
                return error;
            }
        }
        return -1;
    }

    public String getUrl() {
        return url;
    }

    @Override
    public String toString() {
        return "primary error: " + getPrimaryError() + " certificate: " + certificate + " on URL: " + url;
    }
}
