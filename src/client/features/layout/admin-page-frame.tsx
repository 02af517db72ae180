import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';

/** Header row of an admin page: its heading and the 'Back to Dashboard' button. */
export function AdminPageFrame({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  const [, navigate] = useLocation();
  return (
    <main className="mx-auto flex min-h-screen max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        <Button variant="outline" className="self-start sm:self-auto" onClick={() => navigate('/')}>
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Button>
      </div>
      {children}
    </main>
  );
}
