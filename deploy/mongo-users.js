// Run by the mongo image once, on an empty data volume (/docker-entrypoint-initdb.d),
// before access control is switched on: the site's and the stock tools' own users, each
// allowed to read and write the stock's database and nothing else. The root user, made
// by the image from MONGO_INITDB_ROOT_*, is for administration only.
const database = process.env.MONGODB_DB;
const admin = db.getSiblingDB("admin");
for (const [user, password] of [
  ["site", process.env.MONGO_SITE_PASSWORD],
  ["indexer", process.env.MONGO_INDEXER_PASSWORD],
]) {
  admin.createUser({ user, pwd: password, roles: [{ role: "readWrite", db: database }] });
}
