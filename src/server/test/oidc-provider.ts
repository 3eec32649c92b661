import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
  picture?: string;
  emailVerified?: boolean;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Another site registered at the same provider, as any other app using Google sign-in is. */
  otherClientId: string;
  /** The account the next sign-in logs in as; the provider signs in and consents without a form. */
  signInNextAs(account: OidcAccount): void;
  /**
   * The next ID token the token endpoint hands out names this client as its audience instead of
   * the one that asked: everything else (issuer, signing key, subject, nonce) stays genuine.
   */
  issueNextIdTokenTo(clientId: string): void;
  /** An ID token signed by the provider for a client, as that client would receive it at sign-in. */
  mintIdToken(account: OidcAccount, options: { clientId: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * A local stand-in for Google: a real OpenID provider (authorization code, PKCE, signed ID tokens)
 * on 127.0.0.1, whose login and consent steps complete at once for a chosen account.
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  port?: number;
}): Promise<LocalOidcProvider> {
  const accounts = new Map<string, OidcAccount>();
  let nextAccount: OidcAccount | undefined;
  const clientId = "quickgig-test";
  const clientSecret = "quickgig-test-secret-that-is-long-enough";
  const otherClientId = "another-site";
  let nextIdTokenAudience: string | undefined;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
      {
        client_id: otherClientId,
        client_secret: "another-site-secret-that-is-long-enough",
        redirect_uris: ["https://another-site.example/auth/callback"],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["local-oidc-provider-cookie-key"] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
          use: "sig",
          kid: "test",
        },
      ],
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
          ...(account.picture ? { picture: account.picture } : {}),
        }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  async function findClient(id: string) {
    const client = await provider.Client.find(id);
    if (!client) throw new Error(`no client ${id} at the local provider`);
    return client;
  }

  // oidc-provider always addresses an ID token to the client it answers; to hand out one that was
  // made for another client, the token is issued as that client's (the audience comes from it).
  const issue = provider.IdToken.prototype.issue;
  provider.IdToken.prototype.issue = async function (this: InstanceType<typeof provider.IdToken>, context) {
    const audience = nextIdTokenAudience;
    if (audience && context.use === "idtoken") {
      nextIdTokenAudience = undefined;
      Object.assign(this, { client: await findClient(audience) });
    }
    return issue.call(this, context);
  };

  server.on("request", async (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "login") {
        if (!nextAccount) throw new Error("no account chosen for the next sign-in");
        accounts.set(nextAccount.sub, nextAccount);
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: nextAccount.sub } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({ accountId: details.session?.accountId, clientId });
      grant.addOIDCScope("openid email profile");
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    otherClientId,
    signInNextAs(account) {
      nextAccount = account;
    },
    issueNextIdTokenTo(audience) {
      nextIdTokenAudience = audience;
    },
    async mintIdToken(account, { clientId: audience }) {
      const token = new provider.IdToken(
        {
          sub: account.sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
          ...(account.picture ? { picture: account.picture } : {}),
        },
        { client: await findClient(audience) },
      );
      Object.assign(token, { scope: "openid email profile" });
      return token.issue({ use: "idtoken" });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
