import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import type { CustomerDetails } from "../../worker/accounts/customers";
import { ErrorPage } from "../components/error-page";
import { requireCustomer } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { readForm } from "../lib/form-reader.server";
import { readOrigin } from "../lib/origin.server";
import { routeMeta } from "../lib/route-meta";

const accountForm = z.object({ intent: z.literal("logout", { error: "This form could not be sent. Please try again." }) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCustomer(context, request);
  const response = await context.origin.api.user.details.$get();
  // Spec section 8: a 401 signs the shopper out.
  if ((response.status as number) === 401) {
    context.shopper.signOut();
    throw redirect("/login?redirectTo=%2Faccount", 303);
  }
  return { user: (await readOrigin(response)) as CustomerDetails };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, accountForm);
  if (!form.ok) throw new Response(form.message, { status: 400 });
  if (context.shopper.current.kind === "customer") await context.origin.api.logout.$post();
  context.shopper.signOut();
  return redirect("/", 303);
}

export const headers = shopperHeaders;

export default function AccountPage() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-8" data-testid="account-page">
      <h1 className="text-2xl font-semibold text-ink">Your account</h1>
      <section className="card flex flex-col gap-1 p-5" aria-label="Your details">
        <p className="font-semibold text-ink" data-testid="account-name">
          {user.name}
        </p>
        <p className="text-sm text-gray-700">{user.email}</p>
        <p className="text-sm text-gray-700">{user.phone}</p>
      </section>
      <nav aria-label="Your account" className="card flex flex-col p-2">
        <Link to="/account/addresses" className="rounded px-3 py-2 text-ink hover:bg-brand-a10" data-testid="addresses-link">
          Saved addresses
        </Link>
      </nav>
      <Form method="post">
        <input type="hidden" name="intent" value="logout" />
        <button type="submit" className="btn-outline w-full" data-testid="sign-out">
          Sign out
        </button>
      </Form>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...routeMeta(matches, { kind: "general", title: "Your account" }),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <ErrorPage />;
}
