% Domineering, 5 columns x 3 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
5 3
#init
#depth
8
#blackgoal
#whitegoal
