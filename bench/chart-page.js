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

/**
 * The per-node month (docs/web-statistics.md, Per node): a worker posts 3 nodes' series (six transferred
 * Float64Arrays of 720 hours each), and from the answer's arrival the page builds each node's delivered and quality
 * line (NaN slots as whitespace, as chart-data.ts does) on two charts already on screen and waits for the library's
 * draw in the next frame: the time from the answer to the lines on screen.
 */
window.benchPerNode = async (rounds) => {
  const { createChart, LineSeries } = LightweightCharts;
  const nodes = 3;
  const source = `
    onmessage = () => {
      const start = 1_757_408_400;
      const answer = [];
      const buffers = [];
      for (let node = 0; node < ${nodes}; node += 1) {
        const arrays = Array.from({ length: 6 }, () => new Float64Array(720));
        for (let i = 0; i < 720; i += 1) {
          arrays[0][i] = start + i * 3600;
          const load = 1 + Math.sin((i / 24) * 2 * Math.PI + node);
          for (let k = 1; k < 6; k += 1) arrays[k][i] = i % 97 === 0 ? NaN : 1e8 * load * k;
        }
        answer.push({ id: node + 1, series: { interval: 3600, times: arrays[0], uplink: arrays[1],
          delivered: arrays[2], input: arrays[3], quality: arrays[4], ratio: arrays[5] } });
        buffers.push(...arrays.map((a) => a.buffer));
      }
      postMessage(answer, buffers);
    };`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  const host = document.getElementById('host');
  host.innerHTML =
    '<div style="width:1200px;height:300px"></div><div style="width:1200px;height:220px"></div>';
  const [trafficBox, qualityBox] = host.children;
  const traffic = createChart(trafficBox, { ...options, height: 300 });
  const quality = createChart(qualityBox, { ...options, height: 220 });
  const lines = (chart) => Array.from({ length: nodes }, () => chart.addSeries(LineSeries, { lineWidth: 2 }));
  const trafficLines = lines(traffic);
  const qualityLines = lines(quality);
  await frame();
  const toLine = (times, values) => {
    const data = new Array(times.length);
    for (let i = 0; i < times.length; i += 1)
      data[i] = Number.isNaN(values[i]) ? { time: times[i] } : { time: times[i], value: values[i] };
    return data;
  };
  const results = [];
  for (let round = 0; round < rounds + 3; round += 1) {
    const drawn = await new Promise((resolve) => {
      worker.onmessage = async (event) => {
        const arrived = performance.now();
        for (const [index, node] of event.data.entries()) {
          trafficLines[index].setData(toLine(node.series.times, node.series.delivered));
          qualityLines[index].setData(toLine(node.series.times, node.series.quality));
        }
        resolve((await frame()) - arrived);
      };
      worker.postMessage(null);
    });
    if (round >= 3) results.push(drawn);
  }
  traffic.remove();
  quality.remove();
  worker.terminate();
  return results;
};
