/**
 * What the platform and the features use of Better Auth, by shape. The accounts feature configures
 * the instance (features/accounts/auth.ts) and the app hands it to the sessions plugin, so this
 * layer never imports a feature.
 */
export interface AuthService {
  /** Better Auth's own routes, /api/auth/*. */
  handler(request: Request): Promise<Response>;
  options: { secret: string };
  api: {
    getSession(input: { headers: Headers }): Promise<{
      user: { id: string; email: string; name: string; emailVerified: boolean; mailboxProvenAt?: Date | null };
      session: { id: string; createdAt: Date };
    } | null>;
  };
  $context: Promise<{
    secret: string;
    authCookies: { sessionToken: { name: string }; dontRememberToken: { name: string } };
    sessionConfig: { expiresIn: number; updateAge: number };
    password: {
      hash(password: string): Promise<string>;
      verify(input: { hash: string; password: string }): Promise<boolean>;
    };
    generateId(options: { model: string }): string | false;
  }>;
}
