import { chromium, devices } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const d of ["Desktop Chrome", "Pixel 7"]) {
const context = await browser.newContext({ ...devices[d] });
const page = await context.newPage();
await page.goto("http://127.0.0.1:3916/");
const h = () => page.evaluate(() => document.querySelector(".site-header").getBoundingClientRect().height);
const withHeart = await h();
await page.evaluate(() => (document.querySelector(".site-header__saved").style.display = "none"));
console.log(d, withHeart, await h());
}
await browser.close();
