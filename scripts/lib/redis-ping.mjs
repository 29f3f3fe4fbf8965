// `node redis-ping.mjs <redis url> [timeout ms]`: exits 0 when a Redis server answers PING there, else prints why and
// exits 1. A process of its own so that callers can ask synchronously (spawnSync), as a test file must before it
// declares its suites.
import net from "node:net"

const url = new URL(process.argv[2] || "redis://127.0.0.1:6379")
const timeoutMs = Number(process.argv[3] || 2000)
const fail = (why) => {
  console.log(why)
  process.exit(1)
}
const socket = net.connect({ host: url.hostname || "127.0.0.1", port: Number(url.port || 6379) })
socket.setTimeout(timeoutMs, () => fail(`no answer within ${timeoutMs} ms`))
socket.on("error", (error) => fail(error.code || error.message))
socket.on("connect", () => {
  const password = url.password ? decodeURIComponent(url.password) : ""
  const auth = password ? `AUTH ${url.username ? `${decodeURIComponent(url.username)} ` : ""}${password}\r\n` : ""
  socket.write(`${auth}PING\r\n`)
})
let answer = ""
socket.on("data", (chunk) => {
  answer += chunk
  if (answer.includes("+PONG")) {
    socket.destroy()
    process.exit(0)
  }
  if (answer.startsWith("-") || answer.includes("\r\n-")) fail(answer.trim())
})
