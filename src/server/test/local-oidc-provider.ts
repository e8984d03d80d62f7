import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider on 127.0.0.1 standing in for Google in tests (`oidc-provider`,
 * the certified implementation): discovery, authorisation code with PKCE, ID tokens signed with
 * its own keys. Its development login page (devInteractions) signs in as whatever login is typed
 * (any password): an account registered with `setAccount` has the email, verification and name
 * given there; any other login is a verified Google account whose email is the login itself. The
 * `sub` of an account is its login. Consent is granted without asking (as Google does for an app
 * the user already allowed); the page's "[ Cancel ]" link denies it (error=access_denied).
 */
export type LocalAccount = { email: string; emailVerified: boolean; name?: string; givenName?: string };

export type LocalOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers (or replaces) the account that signing in as `login` gives. */
  setAccount(login: string, account: LocalAccount): void;
  close(): Promise<void>;
};

export async function startLocalOidcProvider(options: {
  /** Callback addresses of the app, exactly as it sends them. */
  redirectUris: string[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<LocalOidcProvider> {
  const clientId = options.clientId ?? 'locora-test-client';
  const clientSecret = options.clientSecret ?? 'locora-test-client-secret-0123456789';
  const accounts = new Map<string, LocalAccount>();

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name'] },
    // Google puts email and email_verified in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['locora-local-oidc-provider-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    async findAccount(_ctx, login) {
      const account = accounts.get(login) ?? { email: login, emailVerified: true };
      return {
        accountId: login,
        claims: () => ({
          sub: login,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name ? { name: account.name } : {}),
          ...(account.givenName ? { given_name: account.givenName } : {}),
        }),
      };
    },
    // Consent is implied: every sign-in gets a grant for what the app asked for.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };

  const provider = new Provider(issuer, configuration);
  // Its development warnings (devInteractions, generated keys) are expected here.
  provider.on('server_error', (_ctx, error) => console.error('local OpenID provider:', error));
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (login, account) => void accounts.set(login, account),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
