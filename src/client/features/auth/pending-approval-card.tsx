import { Hourglass } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';

/** The card /auth?pending=true shows after an account was created that still needs approval. */
export function PendingApprovalCard() {
  const [, navigate] = useLocation();
  return (
    <Card className="w-full">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-amber-500/15 text-amber-500">
          <Hourglass className="size-6" aria-hidden="true" />
        </span>
        <CardTitle>Account Pending Approval</CardTitle>
        <CardDescription>
          Your account has been created but needs administrator approval before you can sign in.
        </CardDescription>
      </CardHeader>
      <CardContent className="text-center text-sm text-muted-foreground">
        Please check back later or contact the administrator.
      </CardContent>
      <CardFooter>
        <Button className="w-full" onClick={() => navigate('/auth')}>
          Back to Login
        </Button>
      </CardFooter>
    </Card>
  );
}
