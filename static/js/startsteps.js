// startsteps.js: the page's start in steps, a task each. Made in one task, the start (the
// modules' evaluation, the form read from the link, the board built, the first Intl number
// format, the regions wired, the first render) was one task of 150-250 ms before the first
// frame of a trace could even arrive (issue 44: never more than 200 ms at a time). Each step
// runs in a task of its own, in order; the promise settles after the last.
export function runSteps(steps) {
  return new Promise((resolve, reject) => {
    let i = 0;
    const next = () => {
      try {
        steps[i++]();
      } catch (e) {
        reject(e);
        return;
      }
      if (i < steps.length) later(next);
      else resolve();
    };
    later(next); // not the first either: the modules' evaluation is a task of its own
  });
}

// later(fn): fn in a task of its own, soon (a message to the page itself has no timer's
// clamping; setTimeout where there is no MessageChannel).
function later(fn) {
  if (typeof MessageChannel !== "function") {
    setTimeout(fn, 0);
    return;
  }
  const ch = new MessageChannel();
  ch.port1.onmessage = () => {
    ch.port1.close();
    fn();
  };
  ch.port2.postMessage(0);
}
