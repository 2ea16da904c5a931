// The browser side of bench/chart.ts, plain JavaScript so that it runs in the page exactly as written.
/* global LightweightCharts */

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));

/** Three line series of 5,000 one-minute points. */
function benchData() {
  const start = 1_700_000_000;
  return [0, 1, 2].map((series) =>
    Array.from({ length: 5000 }, (_, index) => ({
      time: start + index * 60,
      value: 1e6 * (2 + Math.sin(index / 200 + series)) + ((index * 7919) % 1000),
    })),
  );
}

function freshContainer() {
  const host = document.getElementById('host');
  host.innerHTML = '<div style="width:1200px;height:400px"></div>';
  return host.firstElementChild;
}

const options = { width: 1200, height: 400, layout: { attributionLogo: false } };

/** setData on a chart already drawn, then the library's draw in the next frame; and a cold start. */
window.benchChart = async (rounds) => {
  const { createChart, LineSeries } = LightweightCharts;
  const data = benchData();
  const results = [];
  for (let round = 0; round < rounds; round += 1) {
    const chart = createChart(freshContainer(), options);
    const series = data.map(() => chart.addSeries(LineSeries, { lineWidth: 2 }));
    await frame();
    await frame();
    let before = 0;
    // Queued before setData, so it runs before the library's own frame callback: the draw lies between the two.
    requestAnimationFrame(() => {
      before = performance.now();
    });
    const dataStart = performance.now();
    for (const [index, line] of series.entries()) line.setData(data[index]);
    const setData = performance.now() - dataStart;
    const painted = await frame();
    chart.remove();

    const element = freshContainer();
    let coldBefore = 0;
    requestAnimationFrame(() => {
      coldBefore = performance.now();
    });
    const createdAt = performance.now();
    const cold = createChart(element, options);
    for (const points of data) cold.addSeries(LineSeries, { lineWidth: 2 }).setData(points);
    const coldWork = performance.now() - createdAt;
    const coldPainted = await frame();
    cold.remove();
    results.push({ setData, draw: painted - before, cold: coldWork + (coldPainted - coldBefore) });
  }
  return results;
};

/**
 * A worker posts a series as the statistics worker answers it (times and the five charted series, six transferred
 * Float64Arrays, no point objects); the page measures post-to-handler and its own work.
 */
window.benchReceive = async (rounds) => {
  const source = `
    onmessage = (event) => {
      const slots = event.data;
      const arrays = Array.from({ length: 6 }, () => new Float64Array(slots).map((_, i) => i));
      const series = { interval: 3600, times: arrays[0], uplink: arrays[1], delivered: arrays[2], input: arrays[3],
        quality: arrays[4], ratio: arrays[5], filled: slots, dataFrom: 0, dataTo: slots - 1, partial: null,
        asOf: null, totals: { uplinkBits: 1, deliveredBits: 1, inputBits: 1, viewers: 1, quality: 1, ratio: 1 } };
      postMessage({ sentAt: performance.timeOrigin + performance.now(), series }, arrays.map((a) => a.buffer));
    };`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  const ask = (slots) =>
    new Promise((resolve) => {
      worker.onmessage = (event) => {
        const arrived = performance.timeOrigin + performance.now();
        const started = performance.now();
        const { series, sentAt } = event.data;
        const last = series.delivered[series.delivered.length - 1];
        resolve({ delay: arrived - sentAt, handler: performance.now() - started, last });
      };
      worker.postMessage(slots);
    });
  const out = { month: [], day: [] };
  for (let round = 0; round < rounds + 5; round += 1) {
    const month = await ask(720);
    const day = await ask(1440);
    if (round >= 5) {
      out.month.push(month);
      out.day.push(day);
    }
  }
  worker.terminate();
  return out;
};
