// Landing page of the Google sign-in popup. The identity provider redirects here with the result in the
// URL fragment (never sent to any server). We hand it to the window that opened us, on our own origin only,
// and close. Kept as a separate file so a strict Content-Security-Policy (no inline scripts) allows it.
(function () {
  'use strict';

  var MESSAGE_TYPE = 'homelab-oidc';
  var params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  var message = {
    type: MESSAGE_TYPE,
    idToken: params.get('id_token'),
    state: params.get('state'),
    error: params.get('error'),
  };

  // Drop the token from the address bar and history as soon as it is read.
  history.replaceState(null, '', window.location.pathname);

  var delivered = false;
  if (window.opener && !window.opener.closed) {
    try {
      window.opener.postMessage(message, window.location.origin);
      delivered = true;
    } catch (_error) {
      delivered = false;
    }
  }

  // A Cross-Origin-Opener-Policy on either page can sever window.opener; a same-origin channel still reaches the app.
  if (typeof BroadcastChannel === 'function') {
    var channel = new BroadcastChannel(MESSAGE_TYPE);
    channel.postMessage(message);
    channel.close();
    delivered = true;
  }

  var status = document.getElementById('status');
  if (status) {
    status.textContent = delivered
      ? 'Signed in. You can close this window.'
      : 'Sign-in could not be completed. Please close this window and try again.';
  }
  window.close();
})();
