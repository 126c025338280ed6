/**
 * Run as a child process by tests/api/photo-bombs.test.ts: processes three large pictures that are
 * within the limits at once (two 7000 × 7000 PNGs and a 16-bit 5000 × 4000 one) and prints how far
 * the process's peak resident memory rose, in MB. Alone in its process, so nothing else counts.
 */
import fs from "node:fs";
import { processPhoto } from "../../api/services/listing/photo-processing";
import { blackPng } from "./png-bombs";

const peakMb = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))![1]) / 1024;
const inputs = [await blackPng(7000, 7000), await blackPng(7000, 7000), await blackPng(5000, 4000, 16)];
const before = peakMb();
const processed = await Promise.all(inputs.map((input) => processPhoto(input)));
console.log(JSON.stringify({ rise: Math.round(peakMb() - before), sizes: processed.map((p) => [p.width, p.height, p.variants.map((v) => v.width)]) }));
