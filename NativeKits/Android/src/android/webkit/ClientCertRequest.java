package android.webkit;

/** A server's request for a client certificate, as the argument of {@code WebViewClient.onReceivedClientCertRequest}; the kit never calls it (bridgecheck's page makes no connections). */
public abstract class ClientCertRequest {
    public abstract String[] getKeyTypes();

    public abstract java.security.Principal[] getPrincipals();

    public abstract String getHost();

    public abstract int getPort();

    public abstract void proceed(java.security.PrivateKey privateKey, java.security.cert.X509Certificate[] chain);

    public abstract void ignore();

    public abstract void cancel();
}
