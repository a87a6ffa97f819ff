/* The USDT provider of the tests' shop program. */
provider shop {
	probe order(int qty, char *item);
	probe order__done(long total, int enabled);
	probe tick();
};
