/* placeholder: replaced by the tachyon implementation */
int main(void) { return 0; }
