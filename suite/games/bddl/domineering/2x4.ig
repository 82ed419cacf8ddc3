% Domineering, 2 columns x 4 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
2 4
#init
#depth
4
#blackgoal
#whitegoal
