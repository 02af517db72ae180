import { SearchX, House } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';

/** Any unknown path: SPEC's not-found page with a way back home. */
export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-destructive/15 text-destructive">
            <SearchX className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
          <p className="text-sm text-muted-foreground">
            The page you&apos;re looking for doesn&apos;t exist or has been moved.
          </p>
          <Button asChild className="mt-2">
            <Link href="/">
              <House aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
