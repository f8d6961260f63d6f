// www/remote/: a friend at a distance: games by link, and live games over a direct connection.
// The direct connection between two pages (WebRTC, no signalling server): the inviting page
// makes an offer, the friend's page an answer, each description read only once ICE gathering
// is complete (no trickle: it travels whole, in the invitation and the reply), and then one
// ordered, reliable RTCDataChannel carries JSON messages both ways. A connection that drops
// (the channel closes, the connection fails) is said at once.

/** How long gathering the addresses may take (a STUN server that does not answer): then what is there goes. */
const GATHER_MS = 12000;
const LABEL = 'fairyboard';

/** Resolves once `pc` has gathered its ICE candidates (or after GATHER_MS). */
function gathered(pc) {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== 'complete') return;
      pc.removeEventListener('icegatheringstatechange', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => { pc.removeEventListener('icegatheringstatechange', done); resolve(); }, GATHER_MS);
    pc.addEventListener('icegatheringstatechange', done);
  });
}

/**
 * A connection in the making: `events` { open(), message(data), drop(why) } are called as it
 * goes. Returns { pc, send(obj), close(), open() (whether the channel is open) }.
 */
function connection(iceServers, events) {
  if (typeof RTCPeerConnection !== 'function') throw new Error('this browser has no direct connections (WebRTC)');
  const pc = new RTCPeerConnection({ iceServers });
  let channel = null;
  let dropped = false;
  const drop = (why) => {
    if (dropped) return;
    dropped = true;
    events.drop(why);
  };
  const wire = (ch) => {
    channel = ch;
    ch.addEventListener('open', () => events.open());
    ch.addEventListener('message', (e) => events.message(e.data));
    ch.addEventListener('close', () => drop('the connection closed'));
  };
  pc.addEventListener('datachannel', (e) => { if (!channel) wire(e.channel); });
  pc.addEventListener('connectionstatechange', () => {
    if (pc.connectionState === 'failed') drop('the connection failed');
    else if (pc.connectionState === 'disconnected') drop('the connection was lost');
  });
  return {
    pc,
    wire,
    send(obj) {
      if (!channel || channel.readyState !== 'open') return false;
      channel.send(JSON.stringify(obj));
      return true;
    },
    open: () => !!channel && channel.readyState === 'open',
    close() {
      dropped = true; // closed on purpose: not a drop to say
      try { channel?.close(); } catch { /* closed already */ }
      try { pc.close(); } catch { /* closed already */ }
    },
  };
}

/**
 * The inviting side: a connection and its offer's SDP, once its candidates are gathered.
 * Resolves to { link (the connection), sdp, accept(answerSdp) }.
 */
export async function makeOffer(iceServers, events) {
  const link = connection(iceServers, events);
  link.wire(link.pc.createDataChannel(LABEL, { ordered: true }));
  await link.pc.setLocalDescription(await link.pc.createOffer());
  await gathered(link.pc);
  return {
    link,
    sdp: link.pc.localDescription.sdp,
    /** The friend's answer taken: the connection opens (events.open) or fails (events.drop). */
    async accept(sdp) {
      await link.pc.setRemoteDescription({ type: 'answer', sdp });
    },
  };
}

/** The invited side: a connection answering the offer `sdp`. Resolves to { link, sdp } (the answer's SDP). */
export async function makeAnswer(iceServers, sdp, events) {
  const link = connection(iceServers, events);
  try {
    await link.pc.setRemoteDescription({ type: 'offer', sdp });
    await link.pc.setLocalDescription(await link.pc.createAnswer());
  } catch (e) {
    link.close();
    throw e;
  }
  await gathered(link.pc);
  return { link, sdp: link.pc.localDescription.sdp };
}
