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
  /** The account the next sign-in logs in as; the provider signs in and consents without a form. */
  signInNextAs(account: OidcAccount): void;
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
    signInNextAs(account) {
      nextAccount = account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
